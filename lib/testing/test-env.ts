// Sets a configuration variable for the app modules of one test file (each
// test file runs in its own worker); call before lib/env is first read.
export function setSettingInThisFile(name: "EVALFORM_BASE_URL", value: string): void {
  process.env[name] = value;
}
