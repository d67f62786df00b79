import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ResumenMes } from '@repo/contracts/inicio';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { nombreMesCorto } from './meses.ts';

const COMPACTO = new Intl.NumberFormat('es-MX', { notation: 'compact', maximumFractionDigits: 1 });

/** The last twelve months invoiced, as bars (recharts: this file is its own lazy chunk). */
export default function GraficaMeses(props: { meses: readonly ResumenMes[] }) {
  const data = props.meses.map((m) => ({
    mes: nombreMesCorto(m.mes),
    total: Number(m.total),
    facturas: m.facturas,
  }));
  return (
    <div style={{ width: '100%', height: 240 }} data-testid="grafica-meses">
      <ResponsiveContainer>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="mes" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis
            tick={{ fontSize: 12 }}
            width={56}
            tickFormatter={(v: number) => `$${COMPACTO.format(v)}`}
          />
          <Tooltip
            formatter={(value) => [formatCurrency(Number(value)), 'Facturado']}
            labelFormatter={(label) => String(label)}
          />
          <Bar dataKey="total" fill="#0d6efd" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
