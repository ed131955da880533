import { describe, expect, it } from 'vitest';
import { APP_PATHS, matchRoute } from './routes';

describe('matchRoute', () => {
  it('maps the incumbent addresses to pages, with or without the trailing slash', () => {
    expect(matchRoute('/superset/welcome/')).toEqual({ kind: 'page', page: 'home' });
    expect(matchRoute('/chart/list')).toEqual({ kind: 'page', page: 'charts' });
    expect(matchRoute('/dashboard/list/')).toEqual({ kind: 'page', page: 'dashboards' });
    expect(matchRoute('/sqllab/')).toEqual({ kind: 'page', page: 'sql' });
    expect(matchRoute('/tablemodelview/list/')).toEqual({ kind: 'page', page: 'datasets' });
    expect(matchRoute('/databaseview/list/')).toEqual({ kind: 'page', page: 'databases' });
    expect(matchRoute('/explore/')).toEqual({ kind: 'page', page: 'explore' });
    expect(matchRoute('/explore/p/abc123/')).toEqual({ kind: 'page', page: 'explore' });
    expect(matchRoute('/sqllab/p/abc123')).toEqual({ kind: 'page', page: 'sql' });
    expect(matchRoute('/explore/p/')).toEqual({ kind: 'not-found' });
    expect(matchRoute('/report/list/')).toEqual({ kind: 'page', page: 'reports' });
    expect(matchRoute('/report/12/log')).toEqual({ kind: 'page', page: 'reportLog' });
    expect(matchRoute('/users/list')).toEqual({ kind: 'page', page: 'users' });
    expect(matchRoute('/rowlevelsecurity/list/')).toEqual({ kind: 'page', page: 'rowLevelSecurity' });
    expect(matchRoute('/roles/list/')).toEqual({ kind: 'page', page: 'roles' });
    expect(matchRoute('/user_info')).toEqual({ kind: 'page', page: 'profile' });
    expect(matchRoute('/report/abc/log/')).toEqual({ kind: 'not-found' });
    expect(matchRoute('/annotationlayer/list/')).toEqual({ kind: 'page', page: 'annotationLayers' });
    expect(matchRoute('/annotationlayer/7/annotation')).toEqual({ kind: 'page', page: 'annotations' });
    expect(matchRoute('/annotationlayer/x/annotation/')).toEqual({ kind: 'not-found' });
  });

  it('maps the creation pages and the Tags list, as the incumbent addresses them', () => {
    expect(matchRoute('/chart/add')).toEqual({ kind: 'page', page: 'chartAdd' });
    expect(matchRoute('/dataset/add/')).toEqual({ kind: 'page', page: 'datasetAdd' });
    expect(matchRoute('/dashboard/new/')).toEqual({ kind: 'page', page: 'dashboardNew' });
    expect(matchRoute('/superset/tags/')).toEqual({ kind: 'page', page: 'tags' });
    expect(matchRoute('/superset/all_entities/')).toEqual({ kind: 'page', page: 'tag' });
  });

  it('redirects / home, knows the login page and reports unknown paths', () => {
    expect(matchRoute('/')).toEqual({ kind: 'redirect', to: '/superset/welcome/' });
    expect(matchRoute('/login')).toEqual({ kind: 'login' });
    expect(matchRoute('/superset/nope/')).toEqual({ kind: 'not-found' });
    expect(APP_PATHS).toContain('/sqllab/');
  });
});
