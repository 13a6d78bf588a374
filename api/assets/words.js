// The words a page's script shows, in the page's language: the server embeds them (its
// catalog's messages the script needs, api/src/i18n.rs `script_words`) as JSON in
// <script type="application/json" id="words">, each argument written `{$name}`.

const element = document.getElementById("words");
const WORDS = element ? JSON.parse(element.textContent) : {};
const PLURALS = new Intl.PluralRules(document.documentElement.lang);

/** The message `key` of the page's language, its `{$name}` places filled from `args`. */
export function words(key, args = {}) {
  const text = WORDS[key] ?? key;
  return text.replace(/\{\$(\w+)\}/g, (_, name) => String(args[name] ?? ""));
}

/** The message `key` for `count` things: its `-one` or `-other` form, as the page's
 * language says that number (CLDR's plural rules). */
export function counted(key, count, args = {}) {
  const form = `${key}-${PLURALS.select(count)}`;
  return words(form in WORDS ? form : `${key}-other`, { ...args, count });
}

/** A number with a fraction as the page's language writes it ("7,5" in French). */
export function decimal(text) {
  return String(text).replace(".", WORDS["decimal-separator"] ?? ".");
}
