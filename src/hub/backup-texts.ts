/**
 * The words of the dashboard's backup card (./backup-card.tsx, ADR 081), in German and English (./hub-language.ts
 * picks the language). Administrators read them; each warning comes with a plain next step.
 */
import { hubTextSet } from './hub-language';

const de = {
  title: 'Datensicherung',
  lastDone: 'Letzte Sicherung',
  size: 'Größe',
  trigger: 'Ausgelöst durch',
  triggers: { schedule: 'Zeitplan des Servers', command: 'Befehl „npm run backup“' } as Record<string, string>,
  schedule: 'Zeitplan',
  every: (hours: number) => (hours === 1 ? 'stündlich' : hours % 24 === 0 ? (hours === 24 ? 'täglich' : `alle ${hours / 24} Tage`) : `alle ${hours} Stunden`),
  noSchedule: 'Keiner auf diesem Server (Sicherung per Befehl oder Timer)',
  lastFailedAt: 'Letzter Versuch',
  failedAt: (when: string) => `${when}, fehlgeschlagen`,
  /** How old the newest backup is: hours up to two days, then days. */
  age: (hours: number) => (hours < 48 ? (hours === 1 ? '1 Stunde' : `${hours} Stunden`) : `${Math.floor(hours / 24)} Tage`),
  none: 'Es gibt noch keine Datensicherung.',
  noneStep:
    'Nächster Schritt: Lassen Sie regelmäßige Sicherungen einrichten, mit BACKUP_INTERVAL_HOURS in der Konfiguration des Servers oder mit einem Timer, der „npm run backup“ ausführt (siehe .env.example).',
  stale: (age: string) => `Die letzte Datensicherung ist ${age} alt.`,
  staleStep: (hours: number) =>
    `Nächster Schritt: Prüfen Sie, ob der Zeitplan oder der Timer noch läuft und der Sicherungsordner erreichbar ist. Gewarnt wird ab ${hours} Stunden.`,
  failed: (reason: string) => `Die letzte Datensicherung ist fehlgeschlagen: ${reason}`,
  failedStepSchedule: 'Nächster Schritt: Der Server versucht es in wenigen Minuten von selbst erneut. Hält der Fehler an, prüfen Sie den Sicherungsordner (freier Platz, Schreibrechte) und das Protokoll des Servers.',
  failedStepCommand: 'Nächster Schritt: Beheben Sie die Ursache (z. B. freier Platz oder Schreibrechte im Sicherungsordner) und führen Sie „npm run backup“ erneut aus.',
};

export type BackupTexts = typeof de;

const en: BackupTexts = {
  title: 'Backup',
  lastDone: 'Last backup',
  size: 'Size',
  trigger: 'Started by',
  triggers: { schedule: "The server's schedule", command: 'The command “npm run backup”' },
  schedule: 'Schedule',
  every: (hours: number) => (hours === 1 ? 'hourly' : hours % 24 === 0 ? (hours === 24 ? 'daily' : `every ${hours / 24} days`) : `every ${hours} hours`),
  noSchedule: 'None on this server (backups by command or timer)',
  lastFailedAt: 'Last attempt',
  failedAt: (when: string) => `${when}, failed`,
  age: (hours: number) => (hours < 48 ? (hours === 1 ? '1 hour' : `${hours} hours`) : `${Math.floor(hours / 24)} days`),
  none: 'There is no backup yet.',
  noneStep:
    'Next step: have regular backups set up, with BACKUP_INTERVAL_HOURS in the server\'s configuration or with a timer that runs “npm run backup” (see .env.example).',
  stale: (age: string) => `The last backup is ${age} old.`,
  staleStep: (hours: number) => `Next step: check that the schedule or the timer still runs and the backup folder can be reached. The warning starts at ${hours} hours.`,
  failed: (reason: string) => `The last backup failed: ${reason}`,
  failedStepSchedule: 'Next step: the server tries again by itself in a few minutes. If the failure persists, check the backup folder (free space, write permission) and the server\'s log.',
  failedStepCommand: 'Next step: fix the cause (e.g. free space or write permission in the backup folder) and run “npm run backup” again.',
};

export const backupTexts = hubTextSet({ de, en });
