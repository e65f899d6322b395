import { readFileSync } from 'node:fs';

/** A fenced code block of a Markdown file, with the example markers of docs/examples.md before it. */
export interface Block {
  /** Markdown file and 1-based line of the opening fence, for messages. */
  where: string;
  lang: string;
  text: string;
  /** `<!-- example-file: NAME -->`: saved under NAME before the file's commands run. */
  file?: string;
  /** `<!-- example: exit N -->`: the exit code every command of the block must end with. */
  exit?: number;
  /** `<!-- example: not run (REASON) -->`: only checked, not run. */
  notRun?: string;
}

const FILE = /^<!--\s*example-file:\s*(\S+)\s*-->$/;
const EXIT = /^<!--\s*example:\s*exit\s+(\d+)\s*-->$/;
const NOT_RUN = /^<!--\s*example:\s*not run\s*\((.+)\)\s*-->$/;

/** Every fenced block of a Markdown file with its markers (the comment lines right above the fence). */
export function codeBlocks(path: string, name = path): Block[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
    const block: Block = { where: `${name}:${start + 1}`, lang: open[1]!, text: `${body.join('\n')}\n` };
    for (let j = start - 1; j >= 0 && /^<!--.*-->$/.test(lines[j]!.trim()); j--) {
      const l = lines[j]!.trim();
      const f = FILE.exec(l);
      const e = EXIT.exec(l);
      const n = NOT_RUN.exec(l);
      if (f) block.file = f[1]!;
      else if (e) block.exit = Number(e[1]);
      else if (n) block.notRun = n[1]!;
      else if (/^<!--\s*example/.test(l)) throw new Error(`${block.where}: unknown example marker ${l}`);
    }
    blocks.push(block);
  }
  return blocks;
}

/** One command of a shell line: its words, and the file its stdout goes to (`> FILE`). */
export interface Command {
  words: string[];
  stdoutTo?: string;
}

/**
 * The commands of one shell line, with the little shell the docs use: single and double quotes,
 * `#` comments, `&&` and `> FILE`. Anything else (pipes, variables, globs) is refused, so an
 * example that needs a real shell is noticed rather than run wrongly.
 */
export function parseShellLine(line: string, where: string): Command[] {
  const words: string[] = [];
  let cur = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      if (end < 0) throw new Error(`${where}: unclosed quote in: ${line}`);
      cur += line.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === ' ' || c === '\t') {
      if (inWord) words.push(cur);
      cur = '';
      inWord = false;
    } else if (c === '#' && !inWord) {
      break;
    } else if ('|;$`*?<(){}'.includes(c)) {
      throw new Error(`${where}: the docs test runs no shell; "${c}" in: ${line}`);
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) words.push(cur);
  const commands: Command[] = [];
  let cmd: Command = { words: [] };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === '&&') {
      commands.push(cmd);
      cmd = { words: [] };
    } else if (w === '>') {
      const to = words[++i];
      if (!to) throw new Error(`${where}: "> " without a file in: ${line}`);
      cmd.stdoutTo = to;
    } else cmd.words.push(w);
  }
  if (cmd.words.length > 0) commands.push(cmd);
  return commands;
}
