// The contract facts for the browser tests (read from the schema's file: Playwright's loader cannot import JSON).
export { UNIVERSAL_DIMENSIONS } from "@/lib/testing/schema-file-facts";
