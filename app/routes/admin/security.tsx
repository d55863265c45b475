import { PasskeysCard } from '#app/features/admin/security/PasskeysCard.tsx';
import { SessionsCard } from '#app/features/admin/security/SessionsCard.tsx';
import { TwoFactorCard } from '#app/features/admin/security/TwoFactorCard.tsx';
import { TwoFactorPolicyCard } from '#app/features/admin/security/TwoFactorPolicyCard.tsx';

/**
 * "Sign-in and security" (docs/product.md#sessions): one's own sessions, and the cards of the other
 * sign-in parts (authenticator codes, passkeys, the two-factor policy), each from
 * app/features/admin/security/. Everyone signed in may open it; it has no sidebar entry and is linked
 * from the Profile and Change Password pages.
 */
export default function Security() {
  return (
    <div className="security-screen" style={{ maxWidth: 880 }}>
      <h1 className="h3 mb-4">Sign-in and security</h1>
      <TwoFactorCard />
      <SessionsCard />
      <TwoFactorPolicyCard />
      <PasskeysCard />
    </div>
  );
}
