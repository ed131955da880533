import { describe, expect, it } from 'vitest';
import { createHttpError } from './client-error';
import { getClientErrorMessage, getErrorMessage } from './error-catalogue';
import { getHttpStatusMessage } from './error-messages';
import { ErrorTypeEnum, isErrorType } from './error-type-codes';
import { OPERATOR_TO_OP, Operators, toFilterOp } from './filter-operators';

describe('error catalogue', () => {
  it('maps known error types to custom messages and leaves others to the server text', () => {
    expect(getErrorMessage(ErrorTypeEnum.FRONTEND_CSRF_ERROR)).toBe('Your session timed out, please refresh your page and try again.');
    expect(getErrorMessage('FRONTEND_TIMEOUT_ERROR')).toBe('Request timed out');
    expect(getErrorMessage('GENERIC_DB_ENGINE_ERROR')).toBeUndefined();
    expect(getErrorMessage('SOMETHING_NEW')).toBeUndefined();
    expect(getErrorMessage('DML_NOT_ALLOWED_ERROR', { DML_NOT_ALLOWED_ERROR: 'Lecture seule' })).toBe('Lecture seule');
    expect(isErrorType('SQLLAB_TIMEOUT_ERROR')).toBe(true);
    expect(isErrorType('toString')).toBe(false);
  });

  it('names HTTP statuses', () => {
    expect(getHttpStatusMessage(503)).toBe('Service unavailable');
    expect(getHttpStatusMessage(409)).toBe('HTTP error 409');
  });

  it('falls back sensibly for arbitrary thrown values', () => {
    expect(getClientErrorMessage(new Error('x'))).toBe('x');
    expect(getClientErrorMessage(undefined)).toBe('Sorry, an unknown error occurred.');
    expect(getClientErrorMessage(createHttpError(403, 'FORBIDDEN', null))).toBe('Forbidden');
  });
});

describe('filter operators', () => {
  it('maps the spec operator names to wire operations', () => {
    expect(Object.keys(Operators)).toHaveLength(17);
    expect(OPERATOR_TO_OP).toMatchObject({
      EQUALS: '==',
      NOT_EQUALS: '!=',
      GREATER_THAN_OR_EQUAL: '>=',
      NOT_IN: 'NOT IN',
      IS_NOT_NULL: 'IS NOT NULL',
      IS_TRUE: 'IS TRUE',
      TEMPORAL_RANGE: 'TEMPORAL_RANGE',
    });
    expect(toFilterOp('not like')).toBe('NOT LIKE');
    expect(toFilterOp('LESS_THAN')).toBe('<');
    expect(toFilterOp('BETWEEN')).toBeUndefined();
  });
});
