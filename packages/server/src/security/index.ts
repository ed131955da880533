export { type CurrentUser, type GuestScope, hasPermission, isAdminRoleName, permissionKey } from './current-user';
export { requirePermission, requireUser } from './guards';
export { createUser, ensureAdmin, seedRoles, type NewUser } from './bootstrap';
export { hashPassword, verifyPassword, generatePassword } from './passwords';
export { loadUser, forgetUser } from './load-user';
export { securityPlugin, type GuestAuthenticator } from './plugin';
export { BUILTIN_ROLES } from './roles';
