import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NairaField } from "~/components/ui/naira-field";
import { NativeSelect } from "~/features/dashboard/components/native-select";
import { formatNairaAmount } from "~/lib/naira";
import { NIGERIA_STATES, stateLabel } from "~/lib/nigeria-states";
import { PERFORMANCE_ROLES } from "~/lib/performance-roles";
import type { MarketSearch } from "../search.schema";
import { GENRE_OPTIONS, MARKET_EVENT_TYPES, SORT_OPTIONS } from "../search-options";

function RoleField({ role }: { role: string | null }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="role">Role</Label>
      <NativeSelect id="role" name="role" defaultValue={role ?? ""}>
        <option value="">Any role</option>
        {PERFORMANCE_ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * The market's filters: in the search form on a wide screen, in the Filters sheet on a phone. Reached
 * from "Find collaborators" (?find=collaborators), Role comes first.
 */
export function MarketFilterFields({
  search,
  today,
  maxRateError,
}: {
  search: MarketSearch;
  today: string;
  maxRateError?: string | null;
}) {
  const roleFirst = search.find === "collaborators";
  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {roleFirst && <RoleField role={search.role} />}
        <div className="grid gap-2">
          <Label htmlFor="genre">Genre</Label>
          <NativeSelect id="genre" name="genre" defaultValue={search.genre ?? ""}>
            <option value="">Any genre</option>
            {GENRE_OPTIONS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </NativeSelect>
        </div>
        {!roleFirst && <RoleField role={search.role} />}
        <div className="grid gap-2">
          <Label htmlFor="eventType">Event type</Label>
          <NativeSelect id="eventType" name="eventType" defaultValue={search.eventType ?? ""}>
            <option value="">Any event</option>
            {MARKET_EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="location">Location</Label>
          <NativeSelect id="location" name="location" defaultValue={search.location ?? ""}>
            <option value="">Anywhere in Nigeria</option>
            {NIGERIA_STATES.map((s) => (
              <option key={s} value={s}>
                {stateLabel(s)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <NairaField
          name="maxRate"
          label="Maximum hourly rate (₦)"
          defaultValue={search.maxRate ? formatNairaAmount(search.maxRate * 100) : ""}
          placeholder="e.g. 50,000"
          error={maxRateError}
        />
        <div className="grid gap-2">
          <Label htmlFor="date">Available on</Label>
          <Input id="date" name="date" type="date" min={today} defaultValue={search.date ?? ""} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="sort">Sort by</Label>
          <NativeSelect id="sort" name="sort" defaultValue={search.sort}>
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" formAction="/market#results">
          Apply filters
        </Button>
        <Button asChild variant="ghost">
          <Link to={roleFirst ? "/market?find=collaborators" : "/market"}>Clear filters</Link>
        </Button>
      </div>
    </>
  );
}
