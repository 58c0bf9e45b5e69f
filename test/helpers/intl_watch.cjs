// Preloaded (node --require) into a server under test: writes "intl: <what>" to stderr on the first use of
// locale-aware formatting or comparison, whose first use in a process loads ICU data (tens of ms).
const seen = new Set();
function watch(owner, name, what) {
  const original = owner[name];
  owner[name] = function (...args) {
    if (!seen.has(what)) {
      seen.add(what);
      process.stderr.write(`intl: ${what}\n`);
    }
    return original.apply(this, args);
  };
}
watch(Number.prototype, "toLocaleString", "Number.prototype.toLocaleString");
watch(Date.prototype, "toLocaleString", "Date.prototype.toLocaleString");
watch(String.prototype, "localeCompare", "String.prototype.localeCompare");
for (const name of ["NumberFormat", "DateTimeFormat", "Collator", "PluralRules", "ListFormat"]) {
  const Original = Intl[name];
  Intl[name] = new Proxy(Original, {
    construct(target, args) {
      if (!seen.has(name)) {
        seen.add(name);
        process.stderr.write(`intl: Intl.${name}\n`);
      }
      return Reflect.construct(target, args);
    },
  });
}
