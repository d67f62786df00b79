import { BuyCreditsWizard } from '#src/features/creditos/components/buy-credits-wizard.tsx';

export default function ComprarCreditosScreen() {
  return <BuyCreditsWizard />;
}
