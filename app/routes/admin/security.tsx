import { TwoFactorCard } from '#app/features/admin/security/TwoFactorCard.tsx';
import { TwoFactorPolicyCard } from '#app/features/admin/security/TwoFactorPolicyCard.tsx';

export const meta = () => [{ title: 'Sign-in and security' }, { name: 'robots', content: 'noindex' }];

/** Sign-in and security (docs/product.md#two-factor-sign-in): each part of it is a card of its own. */
export default function SecurityPage() {
  return (
    <div className="security-page" style={{ maxWidth: 720 }}>
      <h1 className="h3 mb-4">Sign-in and security</h1>
      <TwoFactorCard />
      <TwoFactorPolicyCard />
    </div>
  );
}
