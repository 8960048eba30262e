// "Was this file run as `node <file>`, or imported?" for the scripts that are both a CLI and a module.
// `import.meta.url` is a URL of the real path: a space is `%20` and a symlink is resolved, so comparing
// it with `file://${process.argv[1]}` fails in a clone under "~/Projects/stage book" (issue 40).
import fs from "node:fs";
import { pathToFileURL } from "node:url";

export function isMainModule(moduleUrl: string, argv1: string | undefined = process.argv[1]): boolean {
  if (!argv1) return false;
  let real = argv1;
  try {
    real = fs.realpathSync(argv1);
  } catch {
    // A path that is not on disk cannot be this module; compare it as given.
  }
  return pathToFileURL(real).href === moduleUrl;
}
