import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { WELCOME_LINK_QUERY } from '@repo/contracts/new-client';
import { startSessionWithCredits } from '#src/shared/session/session-credits.ts';
import { errorMessageOf } from '#src/shared/http/api-error.ts';
import { WIZARD_STEPS } from '#src/features/configuracion-inicial/components/wizard-steps.ts';
import { newClientLogin, validateNewClientToken } from '../api/new-client.ts';

const PASOS: Record<number, string> = { 4: 'cuatro', 5: 'cinco', 6: 'seis', 7: 'siete', 8: 'ocho' };

type State =
  | { step: 'verifying' }
  | { step: 'verified'; email: string; alreadyVerified: boolean }
  | { step: 'failed'; message: string };

const MISSING_LINK_MESSAGE =
  'El enlace está incompleto. Ábralo directamente desde el correo que le enviamos.';

/** Verifies the e-mail from the link, then leads to the initial configuration. */
export function Welcome(props: {
  newClientToken: string;
  search: URLSearchParams;
  onContinue: (newClientToken: string) => void;
}) {
  const verificationToken = props.search.get(WELCOME_LINK_QUERY);
  const [state, setState] = useState<State>(
    verificationToken ? { step: 'verifying' } : { step: 'failed', message: MISSING_LINK_MESSAGE },
  );
  const [continuing, setContinuing] = useState(false);

  useEffect(() => {
    if (!verificationToken) return;
    let current = true;
    validateNewClientToken({
      new_client_token: props.newClientToken,
      email_verification_token: verificationToken,
    }).then(
      (result) => {
        if (current)
          setState({
            step: 'verified',
            email: result.email,
            alreadyVerified: result.already_verified,
          });
      },
      (error: unknown) => {
        if (current) {
          setState({
            step: 'failed',
            message: errorMessageOf(error, 'No fue posible verificar su correo electrónico.'),
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [props.newClientToken, verificationToken]);

  const continueSetup = async () => {
    setContinuing(true);
    try {
      await startSessionWithCredits(await newClientLogin(props.newClientToken));
      props.onContinue(props.newClientToken);
    } catch {
      setContinuing(false);
    }
  };

  if (state.step === 'verifying') {
    return (
      <div className="text-center py-4" role="status">
        <Spinner className="mb-3" />
        <p className="mb-0">Verificando su correo electrónico…</p>
      </div>
    );
  }
  if (state.step === 'failed') {
    return (
      <>
        <Alert variant="danger">{state.message}</Alert>
        <p className="mb-0">
          Si ya verificó su correo, <Link to="/login">inicie sesión</Link> para continuar.
        </p>
      </>
    );
  }
  return (
    <>
      <Alert variant="success">
        <Alert.Heading as="h2" className="h5 fw-bold">
          {state.alreadyVerified
            ? 'Su correo ya estaba verificado'
            : '¡Correo electrónico verificado!'}
        </Alert.Heading>
        Gracias por confirmar <strong>{state.email}</strong>.
      </Alert>
      <p className="mb-2">
        Ahora configure su empresa para empezar a facturar en{' '}
        {PASOS[WIZARD_STEPS.length] ?? WIZARD_STEPS.length} pasos; le tomará unos minutos:
      </p>
      {/* The wizard's own steps, so this list and its counter ("Paso 1 de 6") always agree. */}
      <ol data-testid="welcome-steps">
        {WIZARD_STEPS.map((s) => (
          <li key={s.title}>
            <strong>{s.title}</strong>: {s.hint.charAt(0).toLowerCase() + s.hint.slice(1)}
          </li>
        ))}
      </ol>
      <Button
        size="lg"
        className="w-100"
        onClick={() => void continueSetup()}
        disabled={continuing}
      >
        {continuing && <Spinner size="sm" className="me-2" />}
        Continuar con la configuración inicial
      </Button>
    </>
  );
}
