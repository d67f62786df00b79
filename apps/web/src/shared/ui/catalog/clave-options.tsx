/** The options of a SAT catalogue select, each shown as "clave - descripción". */
export function ClaveOptions(props: { rows: readonly { clave: string; descripcion: string }[] }) {
  return (
    <>
      {props.rows.map((r) => (
        <option key={r.clave} value={r.clave}>
          {r.clave} - {r.descripcion}
        </option>
      ))}
    </>
  );
}
