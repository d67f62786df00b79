import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateTestCsd } from '@repo/cfdi/csd';
import { login, registerVerifiedAccount, signInPage } from '../fixtures/accounts.ts';
import { newPage, screenshot } from '../fixtures/browser.ts';
import { randomRfc } from '../fixtures/facturacion.ts';
import { completeSetupWithToken } from '../fixtures/initial-configuration.ts';
import { useJourney } from '../fixtures/journey.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0b1a4e20000000049454e44ae426082',
  'hex',
);

const SAT_CSD = fileURLToPath(new URL('../../data/sat-test-csd/EKU9003173C9/', import.meta.url));

const journey = useJourney();

/** A set-up account with an RFC, signed in on a new page; answers the page and the API session. */
async function signedIn(rfc: string): Promise<{ page: Page; token: string; enterpriseId: number }> {
  const account = await registerVerifiedAccount(journey.app.url, journey.smtp, {
    rfc,
    name: 'Laura Gómez',
  });
  const setup = await completeSetupWithToken(journey.app.url, account.newClientToken, {
    razon_social: 'TALLER GOMEZ',
  });
  const session = await login(journey.app.url, account.email, account.password);
  const page = await newPage(journey.browser, journey.app.url);
  await signInPage(page, session);
  return { page, token: session.token, enterpriseId: setup.enterprise.id };
}

async function getJson<T>(path: string, token: string): Promise<T> {
  const response = await fetch(`${journey.app.url}/api/${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: T }).data;
}

describe('Configuraciones', () => {
  it('saves the tax data with the postal-code lookup and strips the social regime', async () => {
    const { page, token, enterpriseId } = await signedIn(randomRfc('moral'));
    await page.goto('/configuraciones');
    await page.getByRole('link', { name: 'Mis datos fiscales' }).click();
    await page.getByRole('heading', { name: 'Mis datos fiscales' }).waitFor();

    const razonSocial = page.getByLabel('Razón social');
    await razonSocial.fill('TALLER GOMEZ Y ASOCIADOS S.A. DE C.V.');
    await page.getByLabel('Nombre comercial (opcional)').click();
    await page.getByText('El SAT no acepta regímenes societarios en la razón social').waitFor();
    expect(await razonSocial.inputValue()).toBe('TALLER GOMEZ Y ASOCIADOS');

    await page.getByLabel('Régimen fiscal').selectOption('601');
    await page.getByLabel('Código postal').fill('06600');
    // The catalog fills the state and the municipality; the colonia is chosen from the code's list.
    await expect
      .poll(() => page.getByLabel('Estado').inputValue(), { timeout: 10_000 })
      .toBe('CMX');
    expect(await page.getByLabel('Municipio').inputValue()).toBe('015');
    const colonias = await page.getByLabel('Colonia').locator('option').allTextContents();
    expect(colonias).toContain('Juárez');
    await page.getByLabel('Colonia').selectOption({ label: 'Juárez' });
    await page.getByLabel('Calle (opcional)').fill('Av. Reforma');
    await page.getByLabel('Número exterior').fill('222');
    await screenshot(page, 'configuraciones-datos-fiscales');
    await page.getByRole('button', { name: 'Guardar datos fiscales' }).click();
    await page.getByText('Datos fiscales guardados.').waitFor();

    const datos = await getJson<Record<string, string>>(`datos-fiscales/${enterpriseId}`, token);
    expect(datos).toMatchObject({
      razon_social: 'TALLER GOMEZ Y ASOCIADOS',
      regimen_fiscal: '601',
      codigo_postal: '06600',
      estado: 'CMX',
      municipio: '015',
      calle: 'Av. Reforma',
      numero_exterior: '222',
    });
    expect(datos.colonia).not.toBe('');
    // The navigation shows the new name.
    await page.getByTestId('enterprise-name').getByText('TALLER GOMEZ Y ASOCIADOS').waitFor();

    // The logo: image types only; a PNG is uploaded, previewed and deleted.
    const dir = mkdtempSync(join(tmpdir(), 'logo-'));
    writeFileSync(join(dir, 'notas.txt'), 'no es una imagen');
    writeFileSync(join(dir, 'logo.png'), PNG);
    const logo = page.getByLabel('Logotipo (opcional)');
    await logo.setInputFiles(join(dir, 'notas.txt'));
    await page.getByText('El logotipo debe ser una imagen PNG, JPG o WEBP.').waitFor();
    expect(
      (await getJson<{ logo: string | null }>(`datos-fiscales/${enterpriseId}`, token)).logo,
    ).toBeNull();
    await logo.setInputFiles(join(dir, 'logo.png'));
    await page.getByText('Logotipo guardado.').waitFor();
    const preview = page.getByRole('img', { name: 'Logotipo de la empresa' });
    await expect
      .poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(1);
    expect(
      (await getJson<{ logo: string | null }>(`datos-fiscales/${enterpriseId}`, token)).logo,
    ).toMatch(/\/logo\?v=/);
    await page.getByRole('button', { name: 'Eliminar logotipo' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await page.getByText('Sin logotipo').waitFor();
    expect(
      (await getJson<{ logo: string | null }>(`datos-fiscales/${enterpriseId}`, token)).logo,
    ).toBeNull();

    // A postal code that does not exist gets the catalog's message.
    await page.getByLabel('Código postal').fill('00000');
    await page.getByText('El código postal no existe en el catálogo del SAT.').waitFor();
  });

  it('refuses seals with a wrong password, then registers them with the right one', async () => {
    const rfc = randomRfc('moral');
    const { page, token, enterpriseId } = await signedIn(rfc);
    const dir = mkdtempSync(join(tmpdir(), 'csd-'));
    const csd = generateTestCsd({ rfc, nombre: 'TALLER GOMEZ', password: 'ClaveCorrecta1' });
    const cerName = `${csd.noCertificado}_certificado_de_sello_digital_${rfc}.cer`;
    writeFileSync(join(dir, cerName), csd.cer);
    writeFileSync(join(dir, 'llave.key'), csd.key);

    await page.goto('/configuraciones/sellos-certificados-digitales');
    const cer = page.getByLabel('Certificado (.cer)');

    // The SAT's public test certificate expired: its data show, with the expiry message.
    await cer.setInputFiles(join(SAT_CSD, 'EKU9003173C9.cer'));
    await page.getByTestId('certificado-rfc').getByText('EKU9003173C9').waitFor();
    await page.getByText('Sus sellos ya han expirado.').waitFor();
    expect(await page.getByRole('button', { name: 'Guardar sellos' }).isDisabled()).toBe(true);

    // A file that is not a certificate clears the selection and the certificate data.
    writeFileSync(join(dir, 'no-es-certificado.cer'), 'hola');
    await cer.setInputFiles(join(dir, 'no-es-certificado.cer'));
    await page.getByText('El archivo .cer no es un certificado válido.').waitFor();
    expect(await page.getByTestId('certificado').count()).toBe(0);
    expect(await cer.evaluate((el) => (el as HTMLInputElement).files?.length ?? 0)).toBe(0);

    await cer.setInputFiles(join(dir, cerName));
    await page.getByTestId('certificado-numero').getByText(csd.noCertificado).waitFor();
    await page.getByText('Nuevo', { exact: true }).waitFor();
    // The long name is shortened to 50 characters.
    await page.getByText(/…/).first().waitFor();
    await page.getByLabel('Llave privada (.key)').setInputFiles(join(dir, 'llave.key'));
    await page.getByLabel('Contraseña de la llave privada').fill('NoEsLaClave');
    await page.getByRole('button', { name: 'Guardar sellos' }).click();
    await page
      .getByText(
        'La contraseña de la llave privada es incorrecta: no se pudo abrir el archivo .key.',
      )
      .waitFor();
    await screenshot(page, 'configuraciones-sellos-error');
    expect(
      (
        await getJson<{ sellos_fiscales_registered: boolean }>(
          `sellos-fiscales/${enterpriseId}`,
          token,
        )
      ).sellos_fiscales_registered,
    ).toBe(false);

    await page.getByLabel('Contraseña de la llave privada').fill('ClaveCorrecta1');
    await page.getByRole('button', { name: 'Guardar sellos' }).click();
    const registered = page.getByTestId('sellos-registrados');
    await registered.waitFor();
    await registered.getByTestId('certificado-numero').getByText(csd.noCertificado).waitFor();
    await registered.getByTestId('certificado-rfc').getByText(rfc).waitFor();
    expect(await registered.getByTestId('certificado-vigencia').textContent()).toMatch(
      /^Del \d{2} de [a-z]+ de \d{4} al \d{2} de [a-z]+ de \d{4}$/,
    );
    await screenshot(page, 'configuraciones-sellos-registrados');

    // Edit clears what is shown; Cancelar brings it back.
    await page.getByRole('button', { name: 'Editar' }).click();
    expect(await page.getByTestId('certificado').count()).toBe(0);
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await registered.getByTestId('certificado-numero').getByText(csd.noCertificado).waitFor();

    expect(
      await getJson<{ sellos_fiscales_registered: boolean; certificated_number: string }>(
        `sellos-fiscales/${enterpriseId}`,
        token,
      ),
    ).toMatchObject({ sellos_fiscales_registered: true, certificated_number: csd.noCertificado });
  });

  it('creates, edits and deletes a serie, and creates a tax group', async () => {
    const { page, token, enterpriseId } = await signedIn(randomRfc('moral'));
    await page.goto('/configuraciones/series-folios');
    const ingreso = page.getByRole('region', { name: 'Facturas de ingreso' });
    // A new account starts with serie A of each kind, folio 1.
    await ingreso.getByRole('cell', { name: 'A', exact: true }).waitFor();
    await ingreso.getByLabel('Serie').fill('A1');
    await ingreso.getByRole('button', { name: 'Agregar serie' }).click();
    await ingreso
      .getByText('La serie no puede contener números, caracteres especiales o espacios en blanco')
      .waitFor();
    await ingreso.getByLabel('Serie').fill('FAC');
    await ingreso.getByLabel('Folio inicial').fill('100');
    await ingreso.getByRole('button', { name: 'Agregar serie' }).click();
    await ingreso.getByRole('cell', { name: 'FAC', exact: true }).waitFor();

    await ingreso.getByRole('row', { name: /FAC/ }).getByRole('button', { name: 'Editar' }).click();
    await ingreso.getByLabel('Serie').first().fill('FACT');
    await ingreso.getByRole('button', { name: 'Guardar' }).click();
    await ingreso.getByRole('cell', { name: 'FACT', exact: true }).waitFor();

    const pagos = page.getByRole('region', { name: 'Recepción de pagos' });
    await pagos.getByRole('cell', { name: 'P', exact: true }).waitFor();
    // The default letters are taken: adding P again is refused.
    await pagos.getByLabel('Serie').fill('P');
    await pagos.getByRole('button', { name: 'Agregar serie' }).click();
    await pagos.getByText('Ya existe la serie P para este tipo de comprobante').waitFor();
    await screenshot(page, 'configuraciones-series');
    await pagos.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await page.getByText('Serie P eliminada.').waitFor();

    const series = async (kind: string) =>
      (
        await getJson<{ serie: string; folio: number }[]>(`series/${enterpriseId}/${kind}`, token)
      ).map((s) => `${s.serie}-${s.folio}`);
    expect(await series('facturas-ingreso')).toEqual(['A-1', 'FACT-100']);
    expect(await series('recepcion-pagos')).toEqual([]);

    await page.goto('/configuraciones/grupos-de-impuestos');
    await page.getByRole('button', { name: 'Nuevo grupo de impuestos' }).click();
    await page.getByLabel('Nombre del grupo de impuestos').fill('General 16%');
    await page.getByText('Nombre disponible').waitFor();
    await page
      .getByRole('radiogroup', { name: 'Impuestos trasladados: IVA' })
      .getByLabel('IVA 16%')
      .check();
    await page
      .getByRole('radiogroup', { name: 'Impuestos retenidos: ISR' })
      .getByLabel('ISR 1.25%')
      .check();
    await page.getByLabel('Estado').selectOption('QUE');
    await page.getByLabel(/3\.5%/).first().check();
    await screenshot(page, 'configuraciones-grupo-impuestos');
    await page.getByRole('button', { name: 'Guardar grupo de impuestos' }).click();
    const row = page.getByTestId('rubros').getByRole('row', { name: /General 16%/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('IVA 16%, ISR 1.25% retenido');

    // The name is unique per enterprise (checked after the debounce).
    await page.getByRole('button', { name: 'Nuevo grupo de impuestos' }).click();
    await page.getByLabel('Nombre del grupo de impuestos').fill('general 16%');
    await page.getByText('Ya existe un grupo de impuestos con este nombre').waitFor();

    const rubros = await getJson<{ name: string; objeto_impuesto_key: string }[]>(
      'rubros-impuestos',
      token,
    );
    // The new group among the ones every account starts with.
    expect(rubros.map((r) => [r.name, r.objeto_impuesto_key])).toEqual([
      ['Exento de IVA', '02'],
      ['General 16%', '02'],
      ['IVA 0%', '02'],
      ['IVA 16%', '02'],
      ['No objeto de impuesto', '01'],
    ]);
    await page.getByRole('button', { name: 'Cancelar' }).click();

    // Edit: the group keeps its taxes and takes the new name.
    await row.getByRole('button', { name: 'Editar' }).click();
    await page.getByLabel('Nombre del grupo de impuestos').fill('Servicios');
    await page.getByText('Nombre disponible').waitFor();
    expect(
      await page
        .getByRole('radiogroup', { name: 'Impuestos trasladados: IVA' })
        .getByLabel('IVA 16%')
        .isChecked(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Guardar grupo de impuestos' }).click();
    const edited = page.getByTestId('rubros').getByRole('row', { name: /Servicios/ });
    await edited.waitFor();

    // A tax turned off is no longer offered for new groups.
    const empresa = page.getByRole('region', { name: 'Impuestos de su empresa' });
    // The switch follows the server's answer.
    await empresa.getByLabel('IEPS 160%', { exact: true }).click();
    await expect
      .poll(() => empresa.getByLabel('IEPS 160%', { exact: true }).isChecked())
      .toBe(false);
    await expect
      .poll(async () =>
        (
          await getJson<{ value: string; tax_type: string; status: boolean }[]>(
            'impuestos-trasladados',
            token,
          )
        )
          .filter((t) => t.tax_type === 'IEPS' && t.value === '1.600000')
          .map((t) => t.status),
      )
      .toEqual([false]);
    await page.getByRole('button', { name: 'Nuevo grupo de impuestos' }).click();
    await page.getByRole('radiogroup', { name: 'Impuestos trasladados: IVA' }).waitFor();
    expect(await page.getByRole('radio', { name: 'IEPS 160%' }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'IEPS 53%' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Cancelar' }).click();

    // Delete, with the confirmation dialog.
    await edited.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await edited.waitFor({ state: 'detached' });
    expect(
      (await getJson<{ name: string }[]>('rubros-impuestos', token)).map((r) => r.name),
    ).toEqual(['Exento de IVA', 'IVA 0%', 'IVA 16%', 'No objeto de impuesto']);
  });
});
