import { grupo } from './grupo.ts';

const CONTRASENA = 'Una-contraseña-larga-2026';

export const RUTAS_CUENTA = {
  ...grupo('Sistema', {
    'GET /api/health': 'Indica que el proceso responde (sin consultar la base de datos).',
    'GET /api/ready': 'Indica si el servicio está listo: base de datos y migraciones.',
    'GET /api/client-config': 'Configuración pública que necesita la aplicación web.',
  }),
  ...grupo('Cuenta', {
    'POST /api/users/login': {
      resumen: 'Inicia sesión con correo y contraseña.',
      descripcion: 'Devuelve el token de sesión que se envía como `Authorization: Bearer <token>`.',
      ejemplo: { email: 'contabilidad@kemper.example', password: CONTRASENA },
    },
    'GET /api/users/login/new-client/:newClientToken':
      'Inicia sesión con el token de una cuenta recién registrada.',
    'GET /api/users/logout': 'Cierra la sesión: el token deja de ser válido.',
    'GET /api/users/refresh-token': 'Renueva el token de sesión antes de que venza.',
    'POST /api/users/cambiar-empresa': {
      resumen: 'Cambia la empresa activa de la sesión.',
      descripcion: 'Devuelve un token nuevo con la empresa y el rol que el usuario tiene en ella.',
      ejemplo: { enterprise_id: 2 },
    },
    'POST /api/empresas': {
      resumen: 'Agrega otra empresa (RFC) a la cuenta, con el usuario como propietario.',
      descripcion:
        'Devuelve el token de su configuración inicial (`/api/new-client/…`); al terminarla se abre una sesión en ella. No recibe créditos de bienvenida.',
      ejemplo: { rfc: 'KEM950612AB3' },
    },
    'POST /api/empresas/:enterpriseId/configuracion-inicial':
      'Retoma la configuración inicial sin terminar de una empresa del usuario.',
    'GET /api/empresas/resumen':
      'Resumen de cada empresa del usuario: créditos, facturas del mes, complementos por emitir, cancelaciones en proceso y sellos por vencer.',
    'POST /api/users/reset-password': {
      resumen: 'Envía por correo el enlace para restablecer la contraseña.',
      ejemplo: { email: 'contabilidad@kemper.example' },
    },
    'GET /api/users/reset-password/exist/:token':
      'Indica si un enlace de restablecimiento sigue vigente.',
    'POST /api/users/reset-password/set': {
      resumen: 'Fija una contraseña nueva con el enlace de restablecimiento.',
      ejemplo: {
        token: 'c0ffee00c0ffee00c0ffee00c0ffee00',
        password: CONTRASENA,
        password_confirmation: CONTRASENA,
      },
    },
    'GET /api/users/unique-email/:email': 'Indica si un correo está libre para registrarse.',
    'POST /api/users/change-password': {
      resumen: 'Cambia la contraseña del usuario; cierra sus otras sesiones.',
      ejemplo: {
        current_password: 'La-contraseña-anterior-1',
        password: CONTRASENA,
        password_confirmation: CONTRASENA,
      },
    },
    'POST /api/users/change-personal-email': {
      resumen: 'Pide cambiar el correo del usuario; envía un código al correo nuevo.',
      ejemplo: { email: 'nuevo@kemper.example' },
    },
    'POST /api/users/resend-token-personal-email': {
      resumen: 'Reenvía el código de verificación del correo nuevo.',
      ejemplo: { email: 'nuevo@kemper.example' },
    },
    'POST /api/users/validate-token-personal-email': {
      resumen: 'Confirma el correo nuevo con el código recibido.',
      ejemplo: { email: 'nuevo@kemper.example', email_verification_token: '482913' },
    },
    'POST /api/users/change-personal-information': {
      resumen: 'Cambia el nombre y el teléfono del usuario.',
      ejemplo: { name: 'Rosa María Pérez', phone: '5512345678' },
    },
    'GET /api/users/get-total-remaining-credits':
      'Créditos de timbrado que le quedan a la empresa.',
    'GET /api/users/check-first-steps-completed':
      'Indica qué pasos de la configuración inicial faltan.',
    'GET /api/inicio/resumen': 'Resumen de la página de inicio: ventas, pendientes y créditos.',
    'POST /api/help-center/question-form': {
      resumen: 'Envía una pregunta al equipo de soporte.',
      ejemplo: {
        question: '¿Cómo cancelo una factura de otro mes?',
        question_details: 'El cliente pidió cambiar el uso del CFDI de una factura de marzo.',
      },
    },
  }),
  ...grupo('Equipo', {
    'GET /api/equipo/:enterpriseId': 'Miembros de la empresa y sus invitaciones pendientes.',
    'POST /api/equipo/:enterpriseId/invitaciones': {
      resumen: 'Invita a una persona a la empresa con un rol.',
      ejemplo: { email: 'facturas@kemper.example', rol: 'facturista' },
    },
    'DELETE /api/equipo/:enterpriseId/invitaciones/:id': 'Retira una invitación pendiente.',
    'PUT /api/equipo/:enterpriseId/miembros/:userId': {
      resumen: 'Cambia el rol de un miembro.',
      ejemplo: { rol: 'lectura' },
    },
    'DELETE /api/equipo/:enterpriseId/miembros/:userId': 'Quita a un miembro de la empresa.',
    'GET /api/equipo/:enterpriseId/compras-administradores':
      'Indica si los administradores de la empresa pueden comprar créditos (solo el propietario).',
    'PUT /api/equipo/:enterpriseId/compras-administradores': {
      resumen: 'Permite o impide que los administradores compren créditos (solo el propietario).',
      descripcion:
        'Con `false`, la siguiente compra de créditos de un administrador recibe 403. Los facturistas y el personal de solo lectura nunca compran; el propietario siempre puede. El cambio queda en la bitácora.',
      ejemplo: { administradores_compran: false },
    },
    'GET /api/auditoria/:enterpriseId': {
      resumen: 'Bitácora de la empresa: quién hizo qué, cuándo y desde dónde, por página.',
      descripcion:
        'Filtros: `desde` y `hasta` (AAAA-MM-DD, días completos en la zona de la empresa), `user_id` (o `producto` para lo que hizo el propio sistema) y `accion`. Nada en la bitácora se puede cambiar ni borrar.',
    },
    'GET /api/auditoria/:enterpriseId/export':
      'Descarga la bitácora filtrada en CSV (UTF-8), del registro más antiguo al más reciente.',
    'GET /api/invitaciones/:token': 'Datos de una invitación: empresa, rol y correo.',
    'POST /api/invitaciones/:token/aceptar': {
      resumen: 'Acepta una invitación; crea la cuenta si el correo no tenía una.',
      ejemplo: { name: 'Luis Hernández', password: CONTRASENA },
    },
  }),
  ...grupo('Registro', {
    'POST /api/new-client-pre-register': {
      resumen: 'Registra una cuenta nueva y envía el código de verificación.',
      ejemplo: {
        email: 'duena@tienda.example',
        password: CONTRASENA,
        name: 'Ana López',
        rfc: 'LOAA800101AB1',
      },
    },
    'POST /api/new-client/validate-token': {
      resumen: 'Verifica el correo de la cuenta nueva con el código recibido.',
      ejemplo: { new_client_token: 'nct_9f8e7d6c5b4a', email_verification_token: '482913' },
    },
    'GET /api/new-client/resend-pre-register-email/:newClientToken':
      'Reenvía el código de verificación de la cuenta nueva.',
    'POST /api/new-client/change-email': {
      resumen: 'Corrige el correo de una cuenta nueva antes de verificarlo.',
      ejemplo: { new_client_token: 'nct_9f8e7d6c5b4a', email: 'ana@tienda.example' },
    },
    'POST /api/new-client/complete-initial-configuration/:newClientToken':
      'Termina la configuración inicial: la empresa queda lista para facturar.',
    'GET /api/enterprises/unique-rfc/:rfc?': 'Indica si un RFC está libre para una empresa nueva.',
  }),
};
