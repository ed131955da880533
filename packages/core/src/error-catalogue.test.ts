import { describe, expect, it } from 'vitest';
import { COMMON_MESSAGE_SOURCES } from './error-catalogue';
import { COMMON_ERROR_MESSAGES } from './error-messages';

describe('error messages in the catalogues', () => {
  it('marks every common client message for translation, word for word', () => {
    expect([...COMMON_MESSAGE_SOURCES].sort()).toEqual(Object.values(COMMON_ERROR_MESSAGES).sort());
  });

});
