import { writeFileSync } from 'node:fs';
import { tablaMatriz } from '../src/validacion/matriz.ts';

writeFileSync(new URL('../MATRIZ.md', import.meta.url), tablaMatriz());
