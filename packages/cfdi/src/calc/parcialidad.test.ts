import { describe, expect, it } from 'vitest';
import { lugarDelPago } from './parcialidad.ts';

const p = (n: number, ant: string, pagado: string) => ({
  NumParcialidad: n,
  ImpSaldoAnt: ant,
  ImpPagado: pagado,
});

describe('NumParcialidad and ImpSaldoAnt from the payments in force (issue 24)', () => {
  it('first payment: 1, from the total', () => {
    expect(lugarDelPago('1160.00', [], '386.67')).toEqual({
      NumParcialidad: 1,
      ImpSaldoAnt: '1160',
    });
  });

  it('the middle one cancelled, its replacement pays the same: it takes number 2 and the chain stays whole', () => {
    const enVigor = [p(1, '1160.00', '386.67'), p(3, '386.66', '386.66')];
    // The old numbering (count in force + 1) gave 3 a second time.
    expect(lugarDelPago('1160.00', enVigor, '386.67')).toEqual({
      NumParcialidad: 2,
      ImpSaldoAnt: '773.33',
    });
  });

  it('another amount does not fit the place: it follows the highest in force, from the real balance', () => {
    const enVigor = [p(1, '1160.00', '386.67'), p(3, '386.66', '386.66')];
    expect(lugarDelPago('1160.00', enVigor, '100.00')).toEqual({
      NumParcialidad: 4,
      ImpSaldoAnt: '386.67',
    });
  });

  it('the last one cancelled: its number again, from the balance the one before left', () => {
    const enVigor = [p(1, '1160.00', '386.67'), p(2, '773.33', '386.67')];
    expect(lugarDelPago('1160.00', enVigor, '386.66')).toEqual({
      NumParcialidad: 3,
      ImpSaldoAnt: '386.66',
    });
  });

  it('the first one cancelled and a different payment received: never a number in force twice', () => {
    const enVigor = [p(2, '280.00', '200.00')];
    expect(lugarDelPago('580.00', enVigor, '380.00')).toEqual({
      NumParcialidad: 3,
      ImpSaldoAnt: '380',
    });
  });
});
