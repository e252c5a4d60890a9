// Reads positions with site/embed/notation.js for tests/site/test_notation.py: JSON in on stdin
// ({boards: {key: {info}}, cases: [{key, text, diagram?}]}), JSON out on stdout: one answer per case,
// {reading, marks} or {error}. A crash (not a NotationError) is reported as {crash} so the test fails.

import { NotationError, positionMarks, readDiagram, readPosition } from "../../site/embed/notation.js";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const { boards, cases } = JSON.parse(input);
const answers = cases.map(({ key, text, diagram }) => {
  const { info } = boards[key];
  try {
    const reading = diagram ? readDiagram(text, info) : readPosition(text, info);
    return { reading, marks: diagram ? [] : positionMarks(reading, info) };
  } catch (error) {
    return error instanceof NotationError ? { error: error.message } : { crash: String(error?.stack ?? error) };
  }
});
process.stdout.write(JSON.stringify(answers));
