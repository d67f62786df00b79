import { type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';
import type { NewClientLoginResponse } from '@repo/contracts/new-client';
import { errorMessageOf } from '#src/shared/http/api-error.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { completeInitialConfiguration } from '../api/new-client-configuration.ts';
import {
  FIRST_STEP,
  LAST_STEP,
  WIZARD_STEPS,
  nextStep,
  previousStep,
  resetStep,
} from './wizard-steps.ts';

/**
 * The initial configuration wizard's frame: the step counter (from 1), forward, back, reset and the
 * finishing call. Each step's content comes from the caller, which composes the forms.
 */
export function InitialConfigurationWizard(props: {
  newClientToken: string;
  /** The content of a step; `ready` tells whether it may be left forward. */
  renderStep: (step: number) => ReactNode;
  /** Whether the tax data are saved (needed to finish). */
  canFinish: boolean;
  onFinished: (session: NewClientLoginResponse) => void | Promise<void>;
}) {
  const [step, setStep] = useState(FIRST_STEP);
  const [finishing, setFinishing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const current = WIZARD_STEPS[step - 1] ?? WIZARD_STEPS[0];

  const finish = async () => {
    setFailure(null);
    setFinishing(true);
    try {
      await props.onFinished(await completeInitialConfiguration(props.newClientToken));
    } catch (error) {
      setFailure(
        inlineErrorOf(error) ??
          errorMessageOf(error, 'No fue posible terminar la configuración inicial.'),
      );
      setFinishing(false);
    }
  };

  return (
    <Card className="shadow-sm">
      <Card.Body className="p-4 p-md-5">
        <div className="d-flex justify-content-between align-items-baseline mb-2">
          <span className="text-body-secondary small" data-testid="wizard-step">
            Paso {step} de {LAST_STEP}
          </span>
          {step > FIRST_STEP && (
            <Button variant="link" size="sm" className="p-0" onClick={() => setStep(resetStep())}>
              Volver al inicio
            </Button>
          )}
        </div>
        <ProgressBar now={(step / LAST_STEP) * 100} className="mb-3" style={{ height: 6 }} />
        <ol className="list-inline small mb-4">
          {WIZARD_STEPS.map((s, i) => (
            <li
              key={s.title}
              className={`list-inline-item ${i + 1 === step ? 'fw-bold text-primary' : 'text-body-secondary'}`}
              aria-current={i + 1 === step ? 'step' : undefined}
            >
              {i + 1}. {s.title}
            </li>
          ))}
        </ol>
        <h2 className="h4 fw-bold mb-1">{current.title}</h2>
        <p className="text-body-secondary mb-4">{current.hint}</p>
        {props.renderStep(step)}
        <hr className="my-4" />
        {failure && <Alert variant="warning">{failure}</Alert>}
        <div className="d-flex justify-content-between">
          <Button
            variant="outline-secondary"
            disabled={step === FIRST_STEP || finishing}
            onClick={() => setStep(previousStep(step))}
          >
            Anterior
          </Button>
          {step < LAST_STEP ? (
            <Button
              onClick={() => setStep(nextStep(step))}
              disabled={step === FIRST_STEP && !props.canFinish}
              title={
                step === FIRST_STEP && !props.canFinish
                  ? 'Guarde sus datos fiscales para continuar'
                  : undefined
              }
            >
              Siguiente
            </Button>
          ) : (
            <Button variant="success" onClick={() => void finish()} disabled={finishing}>
              {finishing && <Spinner size="sm" className="me-2" />}
              Terminar configuración
            </Button>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
