/** The outcome of a form: a failure as role alert, a success as a polite note (plain text both). */
export function Feedback({ error, note }: { error: string | null; note?: string | null }) {
  return (
    <>
      {error && <p role="alert">{error}</p>}
      {note !== undefined && (
        <p className="note" aria-live="polite">
          {note ?? ''}
        </p>
      )}
    </>
  );
}
