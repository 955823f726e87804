// An operation's parameters: where each goes, its type and what it means.
import type { ParameterView } from "@/lib/api-docs/reference-view";
import { DocText } from "./doc-text";

export function ParametersTable({ parameters, caption }: { parameters: ParameterView[]; caption: string }) {
  if (parameters.length === 0) return null;
  return (
    <table className="records-table api-parameters">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">In</th>
          <th scope="col">Type</th>
          <th scope="col">Meaning</th>
        </tr>
      </thead>
      <tbody>
        {parameters.map((parameter) => (
          <tr key={`${parameter.location}:${parameter.name}`}>
            <td>
              <code>{parameter.name}</code>
              {parameter.required ? <span className="badge badge-required">required</span> : null}
            </td>
            <td>{parameter.location}</td>
            <td className="mono">{parameter.type}</td>
            <td>
              <DocText text={parameter.description} />
              {parameter.repeatable ? " (repeatable: name=a&name=b, or a,b)" : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
