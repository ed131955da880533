import { describe, expect, it } from 'vitest';
import { ConfigError, isFeatureEnabled, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8088);
    expect(config.metadataUrl).toMatch(/^sqlite:\/\/\/.*data\/lumen\.db$/);
    expect(config.defaultVizType).toBe('table');
    expect(config.redisUrl).toBeNull();
    expect(isFeatureEnabled(config, 'TaggingSystem')).toBe(true);
    expect(isFeatureEnabled(config, 'DashboardRbac')).toBe(false);
  });

  it('reads the extra guest-token origins, normalised, and refuses a malformed one', () => {
    expect(loadConfig({}).guestToken.allowedOrigins).toEqual([]);
    const config = loadConfig({ LUMEN_GUEST_TOKEN_ALLOWED_ORIGINS: 'https://App.example.com:443/, http://localhost:3000' });
    expect(config.guestToken.allowedOrigins).toEqual(['https://app.example.com', 'http://localhost:3000']);
    expect(() => loadConfig({ LUMEN_GUEST_TOKEN_ALLOWED_ORIGINS: 'https://*.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ LUMEN_GUEST_TOKEN_ALLOWED_ORIGINS: 'https://example.com/path' })).toThrow(/LUMEN_GUEST_TOKEN_ALLOWED_ORIGINS/);
  });

  it('reads LUMEN_ variables', () => {
    const config = loadConfig({
      LUMEN_PORT: '9000',
      LUMEN_METADATA_URL: 'postgresql://u@h/db',
      LUMEN_FEATURE_FLAGS: 'DashboardRbac,-TaggingSystem',
      LUMEN_ROW_LIMIT: '1000',
      LUMEN_REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(config.port).toBe(9000);
    expect(config.metadataUrl).toBe('postgresql://u@h/db');
    expect(config.rowLimit).toBe(1000);
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(isFeatureEnabled(config, 'DashboardRbac')).toBe(true);
    expect(isFeatureEnabled(config, 'TaggingSystem')).toBe(false);
  });

  it('reads the compression and coalescing settings', () => {
    const defaults = loadConfig({});
    expect([defaults.compression, defaults.compressionThreshold, defaults.chartDataCoalescing]).toEqual([true, 1024, true]);
    const config = loadConfig({ LUMEN_COMPRESSION: 'false', LUMEN_COMPRESSION_THRESHOLD: '4096', LUMEN_CHART_DATA_COALESCING: 'off' });
    expect([config.compression, config.compressionThreshold, config.chartDataCoalescing]).toEqual([false, 4096, false]);
    expect(() => loadConfig({ LUMEN_COMPRESSION_THRESHOLD: '-1' })).toThrow(/LUMEN_COMPRESSION_THRESHOLD/);
  });

  it('reads the admission control settings: engine default, a fixed limit, or 0 for off', () => {
    const defaults = loadConfig({});
    expect([defaults.dbMaxConcurrentQueries, defaults.dbQueueSize]).toEqual([null, 200]);
    const config = loadConfig({ LUMEN_DB_MAX_CONCURRENT_QUERIES: '0', LUMEN_DB_QUEUE_SIZE: '16' });
    expect([config.dbMaxConcurrentQueries, config.dbQueueSize]).toEqual([0, 16]);
    expect(() => loadConfig({ LUMEN_DB_MAX_CONCURRENT_QUERIES: 'many' })).toThrow(/LUMEN_DB_MAX_CONCURRENT_QUERIES must be an integer >= 0/);
    expect(() => loadConfig({ LUMEN_DB_QUEUE_SIZE: '-3' })).toThrow(/LUMEN_DB_QUEUE_SIZE/);
  });

  it('reads the default locale from LUMEN_DEFAULT_LOCALE, one of spec 1 §9’s 14 only', () => {
    expect(loadConfig({}).defaultLocale).toBeNull();
    expect(loadConfig({ LUMEN_DEFAULT_LOCALE: 'pt_BR' }).defaultLocale).toBe('pt_BR');
    expect(loadConfig({ LUMEN_DEFAULT_LOCALE: ' ja ' }).defaultLocale).toBe('ja');
    for (const wrong of ['pt-BR', 'sv', 'FR']) {
      expect(() => loadConfig({ LUMEN_DEFAULT_LOCALE: wrong })).toThrow(/LUMEN_DEFAULT_LOCALE must be one of en, fr, es, it, zh, ja, de, pt, pt_BR, ru, ko, sk, sl, nl/);
    }
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ LUMEN_PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ LUMEN_PORT: 'eighty' })).toThrow(/LUMEN_PORT/);
    expect(() => loadConfig({ LUMEN_LOAD_EXAMPLES: 'maybe' })).toThrow(/LUMEN_LOAD_EXAMPLES/);
    expect(() => loadConfig({ LUMEN_FEATURE_FLAGS: '{bad' })).toThrow(/LUMEN_FEATURE_FLAGS/);
    expect(() => loadConfig({ LUMEN_CONFIG: '/nonexistent/lumen.yaml' })).toThrow(/not found/);
  });
});
