import { defineCall } from '../call.ts';
import { emptyBodySchema, envelopeSchema } from '../common.ts';
import {
  changePasswordBodySchema,
  checkResetLinkBodySchema,
  forgotBodySchema,
  forgotCheckerBodySchema,
  loginBodySchema,
  loginResponseSchema,
  logoutStatusResponseSchema,
  registerBodySchema,
  registerVerifyBodySchema,
  updatePasswordLinkBodySchema,
} from './accounts.schemas.ts';

export const accountsCalls = {
  logoutStatus: defineCall({
    path: 'settings/logoutstatus',
    body: emptyBodySchema,
    response: logoutStatusResponseSchema,
    access: 'public',
    summary: 'loginstatus 1 while the session is alive, 0 once it has expired.',
  }),
  login: defineCall({
    path: 'login/check',
    body: loginBodySchema,
    response: loginResponseSchema,
    access: 'public',
    summary: 'Log in; answers uinfo and sets the session cookie.',
  }),
  forgot: defineCall({
    path: 'login/forgot',
    body: forgotBodySchema,
    response: envelopeSchema,
    access: 'public',
    summary: 'E-mail a password-reset link; the same answer whether or not the e-mail exists.',
  }),
  register: defineCall({
    path: 'login/register',
    body: registerBodySchema,
    response: envelopeSchema,
    access: 'public',
    summary: 'Create an account and send the verification e-mail.',
  }),
  changePassword: defineCall({
    path: 'user/changepassword',
    body: changePasswordBodySchema,
    response: envelopeSchema,
    access: 'client',
    summary: "Change the session's own password.",
  }),
  forgotChecker: defineCall({
    path: 'login/forgotchecker',
    body: forgotCheckerBodySchema,
    response: envelopeSchema,
    access: 'public',
    summary: 'Set a new password from the forgot-password link.',
  }),
  registerVerify: defineCall({
    path: 'login/cregisterverify',
    body: registerVerifyBodySchema,
    response: envelopeSchema,
    access: 'public',
    summary: 'Verify an account from its e-mailed link.',
  }),
  checkResetLink: defineCall({
    path: 'settings/checkresetpwdlink',
    body: checkResetLinkBodySchema,
    response: envelopeSchema,
    access: 'public',
    summary: "status_smessage 'Activate' while a staff-sent reset link is live.",
  }),
  updatePasswordLink: defineCall({
    path: 'settings/updatepasswordlink',
    body: updatePasswordLinkBodySchema,
    response: envelopeSchema,
    access: 'public',
    summary: 'Set a new password from a staff-sent reset link.',
  }),
} as const;
