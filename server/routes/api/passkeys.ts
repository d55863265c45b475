import {
  addPasskey,
  listPasskeys,
  passkeyReauth,
  passkeyReauthOptions,
  passkeyRegistrationOptions,
  passkeySignIn,
  passkeySignInOptions,
  passkeyStatus,
  removePasskey,
  renamePasskey,
  secondStepPasskeyOptions,
} from '#shared/api/passkeys.ts';
import { TWO_FACTOR_MESSAGES } from '#shared/messages.ts';
import { InvalidInputError, NotAuthenticatedError } from '#server/errors.ts';
import { authOf } from '#server/plugins/auth.ts';
import { failureLimits, rateLimit } from '#server/plugins/rate-limits.ts';
import { clientInfoOf } from './client-info';
import { route, type ApiRoutes } from './define';

/** Passkeys (docs/product.md#passkeys, docs/decisions/0022-passkeys.md). */
export const passkeyRoutes: ApiRoutes = {
  public(scope, { services, limits }) {
    const { app } = scope;
    // Only refused answers count, per address (a passkey names no e-mail to count per account).
    const signInTries = failureLimits(app, [{ name: 'passkey-failures-ip', ...limits.passkeyPerIp }], {
      isFailure: (error) => error instanceof InvalidInputError || error instanceof NotAuthenticatedError,
    });
    route(scope, passkeyStatus, async () => ({ data: services.passkeys.status() }));
    route(scope, passkeySignInOptions, async () => ({ data: await services.passkeys.signInOptions() }), {
      preHandler: rateLimit(app, { name: 'passkey-options-ip', ...limits.passkeyOptionsPerIp }),
    });
    // The second step of a password sign-in with a passkey: a ceremony of the ticket's account only.
    route(
      scope,
      secondStepPasskeyOptions,
      async (request) => {
        const owner = await services.twoFactor.ticketOwner(request.body.ticket);
        if (!owner) throw new NotAuthenticatedError(TWO_FACTOR_MESSAGES.ticketExpired);
        return { data: await services.passkeys.optionsFor(owner, 'second-step') };
      },
      { preHandler: rateLimit(app, { name: 'passkey-options-ip', ...limits.passkeyOptionsPerIp }) },
    );
    route(
      scope,
      passkeySignIn,
      async (request) => ({
        data: await signInTries.attempt(request, () =>
          services.passkeys.signIn(request.body.response, clientInfoOf(request)),
        ),
      }),
      { preHandler: signInTries.preHandler },
    );
  },
  admin(scope, { services }) {
    route(scope, listPasskeys, async (request) => ({ data: await services.passkeys.list(authOf(request)) }));
    route(scope, passkeyRegistrationOptions, async (request) => ({
      data: await services.passkeys.registrationOptions(authOf(request)),
    }));
    route(scope, addPasskey, async (request) => ({
      data: await services.passkeys.add(authOf(request), request.body, clientInfoOf(request)),
    }));
    route(scope, renamePasskey, async (request) => ({
      data: await services.passkeys.rename(authOf(request), request.params.id, request.body.name),
    }));
    route(scope, removePasskey, async (request) => {
      const auth = authOf(request);
      return {
        data: await services.passkeys.remove(auth, request.params.id, clientInfoOf(request), () =>
          services.twoFactor.mayRemoveLastPasskey(auth),
        ),
      };
    });
    route(scope, passkeyReauthOptions, async (request) => ({
      data: await services.passkeys.optionsFor(authOf(request).user._id, 'reauth'),
    }));
    route(scope, passkeyReauth, async (request) => ({
      data: await services.passkeys.reauthenticate(authOf(request), request.body.response, clientInfoOf(request)),
    }));
  },
};
