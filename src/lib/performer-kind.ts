/**
 * Whether a performer is an ensemble or a person, read from the role staff enter beside the name ("Orchester",
 * "Streichquartett", "Violine"). There is no field for it: an ensemble's role names the kind of group, in either
 * language, while a person's names a voice, an instrument or a task, which may mention a group ("Chorleitung").
 * Without a role the name decides ("Freiburger Barockorchester").
 */
const ensembleWords = /orchest|ensemble|quartet|quintet|sextet|septet|oktett|octet|trio\b|duo\b|chor|choir|consort|band\b|kapelle|philharmoni|sinfonietta|solisten|soloists|singers/i;
const personWords = /leit|dirig|conduct|director|master|meister|solo\b|solist(in)?\b|soloist\b/i;

export function isEnsemble(performer: { name: string; role: string }): boolean {
  const role = performer.role.trim();
  if (role) return !personWords.test(role) && ensembleWords.test(role);
  return ensembleWords.test(performer.name);
}
