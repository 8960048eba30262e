import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { BackupHealth } from "../backups.server";

// Africa/Lagos, spelled out, so the server's and the browser's render agree.
const when = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Africa/Lagos",
});

function At({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{when.format(new Date(iso))}</time> : <span>not yet</span>;
}

/** On every admin tab while archiving fails (full disk, S3 down): what fails and since when. */
export function BackupAlert({ health }: { health: BackupHealth }) {
  if (health.kind !== "on" || !health.failingSince) return null;
  return (
    <div role="alert" className="rounded-md border border-destructive bg-destructive/10 p-4 text-sm">
      <p className="font-semibold text-destructive">
        Backups are failing since <At iso={health.failingSince} />
      </p>
      <p className="mt-1">{health.lastError}</p>
      <p className="mt-1 text-muted-foreground">
        The site keeps working, but new changes are not backed up until this is fixed.
      </p>
    </div>
  );
}

/** The overview's Backups card: the last archived WAL and the last base backup. */
export function BackupCard({ health }: { health: BackupHealth }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Backups</CardTitle>
      </CardHeader>
      <CardContent className="text-sm">
        {health.kind === "off" ? (
          <p className="text-muted-foreground">{health.reason}</p>
        ) : (
          <dl className="grid gap-2 sm:grid-cols-[max-content_1fr] sm:gap-x-4">
            <dt className="text-muted-foreground">Last archived WAL</dt>
            <dd data-testid="backup-last-wal">
              <At iso={health.lastWalAt} />
              {health.lastWalName && <span className="text-muted-foreground"> ({health.lastWalName})</span>}
            </dd>
            <dt className="text-muted-foreground">Last base backup</dt>
            <dd data-testid="backup-last-base">
              <At iso={health.lastBaseBackupAt} />
            </dd>
            <dt className="text-muted-foreground">Kept in</dt>
            <dd className="break-all">{health.target}</dd>
            <dt className="text-muted-foreground">Checked</dt>
            <dd>
              <At iso={health.checkedAt} />
            </dd>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
