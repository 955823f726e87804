// The one set of Ajv options for the contract, shared by the run-time Ajv
// (item and judgment schemas, on the server) and the precompiled validators.
// allowUnionTypes: the contract uses ["string", "null"] types throughout.
// strictTypes off: the rules file is an overlay whose subschemas rely on the
// base schema for `type`, which strictTypes would demand be repeated.
export const AJV_OPTIONS = { allErrors: true, verbose: true, allowUnionTypes: true, strict: true, strictTypes: false } as const;
