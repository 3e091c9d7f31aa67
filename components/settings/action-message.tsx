// The outcome line under a settings form: success as a polite status, failure as an alert.
export type TActionMessage = { kind: "ok" | "error"; text: string } | null;

export function ActionMessage({ message, testId }: { message: TActionMessage; testId: string }) {
  if (!message) return null;
  return (
    <p role={message.kind === "error" ? "alert" : "status"} data-testid={testId}
      className={`mt-3 rounded px-3 py-2 text-sm ${message.kind === "error" ? "bg-red-50 text-red-700" : "bg-green-50 text-green-800"}`}>
      {message.text}
    </p>
  );
}

export const inputClass = "mt-1 block w-full rounded border border-slate-300 px-2 py-1.5 text-sm";
export const buttonClass = "rounded bg-indigo-600 px-4 py-1.5 text-sm text-white hover:bg-indigo-700 disabled:opacity-50";
export const cardClass = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm";
