// Drives the AIF form the way a keyboard user does: focus, type, Space, digits.
import { expect, type Locator, type Page } from "@playwright/test";
// Options are named in words by the labels map (lib/aif/field-labels).
import labels from "../../schemas/aif-eval-form.labels.json" with { type: "json" };

export class AifFormPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto("/records/new");
    await expect(this.page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
  }

  field(id: string): Locator {
    return this.page.locator(`#root_${id}`);
  }

  async typeInto(id: string, text: string): Promise<void> {
    await this.field(id).focus();
    await this.page.keyboard.type(text);
  }

  /** Focus a radio or checkbox and press Space, as a keyboard user would. */
  async press(locator: Locator): Promise<void> {
    await locator.focus();
    await this.page.keyboard.press("Space");
  }

  fieldset(path: string): Locator {
    return this.page.locator(`fieldset#root_${path}`);
  }

  /** Digit keys set the focused score. */
  async score(path: string, digit: number): Promise<void> {
    await this.fieldset(path).getByRole("radio").first().focus();
    await this.page.keyboard.press(String(digit));
  }

  async confidence(path: string, level: "Low" | "Medium" | "High"): Promise<void> {
    await this.press(
      this.fieldset(path)
        .getByRole("radiogroup", { name: /confidence/ })
        .getByRole("radio", { name: level }),
    );
  }

  rationale(path: string): Locator {
    return this.page.locator(`#root_${path}_rationale`);
  }

  async fillTaskAndSubject(taskId: string, modality: "chat" | "agent" | "rag" | "multimodal" = "chat"): Promise<void> {
    await this.typeInto("task_task_id", taskId);
    await this.typeInto("task_suite_id", "e2e-suite");
    await this.press(
      this.page.getByRole("radio", { name: labels["/task/modality"].enum[modality], exact: true }).first(),
    );
    await this.typeInto("task_prompt", "Summarise the attached policy in two sentences.");
    await this.typeInto("subject_system_under_test", "Acme Assistant via API");
    await this.press(
      this.field("subject_modality_tags").getByRole("checkbox", {
        name: labels["/subject/modality_tags"].enum[modality],
        exact: true,
      }),
    );
  }

  async fillUniversalConfidently(): Promise<void> {
    for (const dimension of [
      "helpfulness",
      "instruction_following",
      "faithfulness",
      "safety_overall",
      "overall_quality",
    ]) {
      await this.score(`universal_${dimension}`, 5);
      await this.confidence(`universal_${dimension}`, "High");
    }
  }

  async submit(): Promise<void> {
    await this.page.getByRole("button", { name: "Submit rating" }).focus();
    await this.page.keyboard.press("Enter");
  }
}
