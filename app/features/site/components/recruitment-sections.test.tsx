import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { HowItWorks, MusicianBenefits, RecruitmentHero, RecruitmentSignUp } from "./recruitment-sections";

function Page() {
  return (
    <>
      <RecruitmentHero />
      <MusicianBenefits />
      <HowItWorks />
      <RecruitmentSignUp />
    </>
  );
}

describe("the Join as Musician page (phone walk 2)", () => {
  it("has no dead buttons: every in-page link leads to a section on the page", () => {
    const Stub = createRoutesStub([{ path: "/", Component: Page }]);
    const html = renderToString(<Stub />);
    const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    expect(targets.length).toBeGreaterThan(0);
    for (const id of targets) expect(html, `#${id}`).toContain(`id="${id}"`);
    expect(html).not.toContain("Hear from musicians");
  });
});
