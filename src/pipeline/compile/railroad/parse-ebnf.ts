/**
 * Tokenizer and recursive-descent parser for the W3C-style EBNF that writers
 * put in ```railroad fences. Errors carry a 1-based position relative to the
 * fence body and a `fix` sentence aimed at the writer, not at a developer.
 */

/** A quoted keyword or symbol, e.g. `'SAMPLE'`. */
export interface EbnfTerminal { kind: 'terminal'; text: string }
/** A bare name: a placeholder or a reference to another rule. */
export interface EbnfNonTerminal { kind: 'nonTerminal'; name: string }
/** A W3C character class such as `[a-z0-9_]`, kept verbatim (brackets included). */
export interface EbnfCharClass { kind: 'charClass'; text: string }
/** Nothing at all: an empty alternative or an empty group. */
export interface EbnfEmpty { kind: 'empty' }
/** Items that follow one another (always two or more). */
export interface EbnfSequence { kind: 'sequence'; items: EbnfNode[] }
/** Alternatives separated by `|` (always two or more; some may be empty). */
export interface EbnfChoice { kind: 'choice'; options: EbnfNode[] }
/** An item with a postfix operator: `?` optional, `*` zero or more, `+` one or more. */
export interface EbnfRepeat { kind: 'repeat'; op: '?' | '*' | '+'; item: EbnfNode }

/** Any EBNF expression. Nodes hold no positions so equal syntax compares equal. */
export type EbnfNode =
  | EbnfTerminal | EbnfNonTerminal | EbnfCharClass | EbnfEmpty
  | EbnfSequence | EbnfChoice | EbnfRepeat;

/** One `name ::= expr` rule, with where it starts and its source text. */
export interface EbnfRule {
  name: string;
  body: EbnfNode;
  line: number;
  column: number;
  /** The rule as written, whitespace collapsed (useful as an accessible description). */
  source: string;
}

/** A writer-facing syntax error with a 1-based position and a suggested fix. */
export class EbnfSyntaxError extends Error {
  readonly line: number;
  readonly column: number;
  readonly fix: string;
  constructor(message: string, line: number, column: number, fix: string) {
    super(message);
    this.name = 'EbnfSyntaxError';
    this.line = line;
    this.column = column;
    this.fix = fix;
  }
}

type TokenKind = 'name' | 'string' | 'class' | 'define' | 'or' | 'open' | 'close' | 'postfix' | 'eof';

interface Token {
  kind: TokenKind;
  /** The token's text; for strings, the content without quotes. */
  value: string;
  start: number;
  end: number;
}

const EMPTY: EbnfEmpty = { kind: 'empty' };
const NAME_START = /[\p{L}\p{N}_]/u;
const NAME_PART = /[\p{L}\p{N}_.-]/u;
const SINGLE: Record<string, TokenKind> = { '|': 'or', '(': 'open', ')': 'close', '?': 'postfix', '*': 'postfix', '+': 'postfix' };

/** Hints for characters writers often bring over from other grammar notations. */
function unexpectedCharFix(ch: string): string {
  if (ch === ':' || ch === '=') return 'Define a rule with `::=` (two colons and an equals sign).';
  if (ch === '{' || ch === '}') return 'Use `( ... )*` for repetition and `( ... )?` for optional parts instead of braces.';
  if (ch === ';') return 'Remove the `;`: a rule ends where the next `name ::=` starts.';
  return `Remove it, or quote it as a keyword: '${ch}'.`;
}

/** Parses every rule in a ```railroad block; throws EbnfSyntaxError on bad input. */
export function parseEbnf(source: string): EbnfRule[] {
  return new Parser(source).parseRules();
}

class Parser {
  private readonly tokens: Token[];
  private pos = 0;

  constructor(private readonly source: string) {
    this.tokens = this.tokenize();
  }

  parseRules(): EbnfRule[] {
    if (this.peek().kind === 'eof') {
      throw new EbnfSyntaxError('The railroad block has no rules', 1, 1,
        "Write at least one rule, e.g. `name ::= 'KEYWORD' placeholder`.");
    }
    const rules: EbnfRule[] = [];
    const seen = new Map<string, EbnfRule>();
    while (this.peek().kind !== 'eof') {
      const rule = this.parseRule();
      const first = seen.get(rule.name);
      if (first) {
        throw new EbnfSyntaxError(`Rule '${rule.name}' is already defined on line ${first.line}`, rule.line, rule.column,
          'Give each rule a unique name, or merge the two definitions into one rule with `|`.');
      }
      seen.set(rule.name, rule);
      rules.push(rule);
    }
    return rules;
  }

  private parseRule(): EbnfRule {
    const nameTok = this.peek();
    if (nameTok.kind !== 'name') {
      throw this.error(nameTok, `Expected a rule name followed by ::=, found ${this.describe(nameTok)}`,
        'Start each rule with `name ::=`.');
    }
    const define = this.peek(1);
    if (define.kind !== 'define') {
      throw this.error(define, `Expected ::= after the rule name '${nameTok.value}', found ${this.describe(define)}`,
        'Start each rule with `name ::=`.');
    }
    this.pos += 2;
    const bodyStart = this.pos;
    const body = this.parseChoice();
    if (this.pos === bodyStart) {
      throw this.error(define, `Rule '${nameTok.value}' has nothing after ::=`,
        `Write the rule's syntax after \`::=\`, e.g. \`${nameTok.value} ::= 'KEYWORD' placeholder\`.`);
    }
    const next = this.peek();
    if (next.kind === 'close') {
      throw this.error(next, "Unmatched ')'", "Remove this ')' or add the matching '(' before it.");
    }
    if (next.kind === 'define') {
      throw this.error(next, 'Unexpected ::=', 'Start each rule on its own line, with a single bare name before `::=`.');
    }
    const { line, column } = this.locate(nameTok.start);
    const last = this.tokens[this.pos - 1] ?? define;
    const text = this.source.slice(nameTok.start, last.end).replace(/\s+/g, ' ');
    return { name: nameTok.value, body, line, column, source: text };
  }

  private parseChoice(): EbnfNode {
    const options = [this.parseSequence()];
    while (this.peek().kind === 'or') {
      this.pos++;
      options.push(this.parseSequence());
    }
    return options.length === 1 ? options[0]! : { kind: 'choice', options };
  }

  private parseSequence(): EbnfNode {
    const items: EbnfNode[] = [];
    for (;;) {
      const tok = this.peek();
      if (tok.kind === 'postfix') {
        // A postfix operator is consumed right after its item, so seeing one here means it has none.
        const op = tok.value;
        throw this.error(tok, `'${op}' has nothing before it to apply to`,
          `Put '${op}' right after the item or group it applies to, e.g. \`item${op}\` or \`( ... )${op}\`; quote it ('${op}') if it is a literal symbol.`);
      }
      // `name ::=` begins the next rule, so the current one ends here.
      if (tok.kind === 'name' && this.peek(1).kind === 'define') break;
      if (tok.kind !== 'name' && tok.kind !== 'string' && tok.kind !== 'class' && tok.kind !== 'open') break;
      items.push(this.parsePostfix());
    }
    if (items.length === 0) return EMPTY;
    return items.length === 1 ? items[0]! : { kind: 'sequence', items };
  }

  private parsePostfix(): EbnfNode {
    let node = this.parsePrimary();
    while (this.peek().kind === 'postfix') {
      const op = this.peek().value as EbnfRepeat['op'];
      this.pos++;
      node = { kind: 'repeat', op, item: node };
    }
    return node;
  }

  private parsePrimary(): EbnfNode {
    const tok = this.peek();
    this.pos++;
    switch (tok.kind) {
      case 'name': return { kind: 'nonTerminal', name: tok.value };
      case 'string': return { kind: 'terminal', text: tok.value };
      case 'class': return { kind: 'charClass', text: tok.value };
      case 'open': {
        const inner = this.parseChoice();
        if (this.peek().kind !== 'close') {
          // Point at the opening paren: the writer knows where the group began, not where it should end.
          throw this.error(tok, "This '(' is never closed", "Close the group with ')'.");
        }
        this.pos++;
        return inner;
      }
      default:
        throw this.error(tok, `Unexpected ${this.describe(tok)}`, 'Check the syntax around this point.');
    }
  }

  private tokenize(): Token[] {
    const src = this.source;
    const tokens: Token[] = [];
    let i = 0;
    while (i < src.length) {
      const ch = src[i]!;
      if (/\s/.test(ch)) { i++; continue; }
      if (src.startsWith('/*', i)) {
        const close = src.indexOf('*/', i + 2);
        if (close < 0) throw this.errorAt(i, 'Unterminated comment', "Close the comment with '*/'.");
        i = close + 2;
        continue;
      }
      if (ch === "'" || ch === '"') {
        const end = this.scanTo(i + 1, ch);
        if (end < 0) {
          throw this.errorAt(i, 'Unterminated quoted keyword', `Close the quoted keyword with a matching quote (${ch}) on the same line.`);
        }
        if (end === i + 1) {
          throw this.errorAt(i, 'Empty quoted keyword', "Put the keyword between the quotes; for an optional part use `( ... | )` or `( ... )?`.");
        }
        tokens.push({ kind: 'string', value: src.slice(i + 1, end), start: i, end: end + 1 });
        i = end + 1;
        continue;
      }
      if (ch === '[') {
        const end = this.scanTo(i + 1, ']');
        if (end < 0) throw this.errorAt(i, 'Unterminated character class', "Close the character class with ']' on the same line.");
        if (end === i + 1) throw this.errorAt(i, 'Empty character class', 'List the allowed characters inside the brackets, e.g. `[a-z0-9_]`.');
        tokens.push({ kind: 'class', value: src.slice(i, end + 1), start: i, end: end + 1 });
        i = end + 1;
        continue;
      }
      if (src.startsWith('::=', i)) {
        tokens.push({ kind: 'define', value: '::=', start: i, end: i + 3 });
        i += 3;
        continue;
      }
      const single = SINGLE[ch];
      if (single) {
        tokens.push({ kind: single, value: ch, start: i, end: i + 1 });
        i++;
        continue;
      }
      if (NAME_START.test(ch)) {
        let end = i + 1;
        while (end < src.length && NAME_PART.test(src[end]!)) end++;
        tokens.push({ kind: 'name', value: src.slice(i, end), start: i, end });
        i = end;
        continue;
      }
      const cp = String.fromCodePoint(src.codePointAt(i)!);
      throw this.errorAt(i, `Unexpected character '${cp}'`, unexpectedCharFix(cp));
    }
    tokens.push({ kind: 'eof', value: '', start: src.length, end: src.length });
    return tokens;
  }

  /** Index of `close` at or after `from` on the same line, or -1 (quotes and classes never span lines). */
  private scanTo(from: number, close: string): number {
    for (let j = from; j < this.source.length; j++) {
      const c = this.source[j];
      if (c === close) return j;
      if (c === '\n' || c === '\r') return -1;
    }
    return -1;
  }

  private peek(ahead = 0): Token {
    // The last token is always 'eof', so clamping keeps lookahead total.
    return this.tokens[Math.min(this.pos + ahead, this.tokens.length - 1)]!;
  }

  private describe(tok: Token): string {
    switch (tok.kind) {
      case 'eof': return 'the end of the block';
      case 'name': return `the name '${tok.value}'`;
      case 'string': return `the keyword '${tok.value}'`;
      case 'class': return `the character class ${tok.value}`;
      default: return `'${tok.value}'`;
    }
  }

  private locate(offset: number): { line: number; column: number } {
    const before = this.source.slice(0, offset);
    const lineStart = before.lastIndexOf('\n') + 1;
    return { line: before.split('\n').length, column: offset - lineStart + 1 };
  }

  private errorAt(offset: number, message: string, fix: string): EbnfSyntaxError {
    const { line, column } = this.locate(offset);
    return new EbnfSyntaxError(message, line, column, fix);
  }

  private error(tok: Token, message: string, fix: string): EbnfSyntaxError {
    return this.errorAt(tok.start, message, fix);
  }
}
