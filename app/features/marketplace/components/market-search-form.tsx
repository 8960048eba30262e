import { SearchIcon } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NairaField } from "~/components/ui/naira-field";
import { NativeSelect } from "~/features/dashboard/components/native-select";
import { formatNairaAmount } from "~/lib/naira";
import { NIGERIA_STATES, stateLabel } from "~/lib/nigeria-states";
import type { MarketSearch } from "../search.schema";
import { GENRE_OPTIONS, MARKET_EVENT_TYPES, SORT_OPTIONS } from "../search-options";

/** A plain GET form: the filters live in the URL, so a search can be shared and works without JavaScript. */
export function MarketSearchForm({
  search,
  today,
  maxRateError,
}: {
  search: MarketSearch;
  today: string;
  maxRateError?: string | null;
}) {
  return (
    <Form method="get" role="search" aria-label="Find musicians" className="grid gap-4 rounded-lg border p-4">
      <div className="grid gap-2">
        <Label htmlFor="q">Search by name, genre or role</Label>
        <div className="flex gap-2">
          <Input
            id="q"
            name="q"
            type="search"
            defaultValue={search.q}
            placeholder="e.g. Afrobeats, saxophonist, Tunde"
            maxLength={100}
          />
          <Button type="submit">
            <SearchIcon aria-hidden />
            Search
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
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
      <div className="flex flex-wrap gap-2">
        <Button type="submit">Apply filters</Button>
        <Button asChild variant="ghost">
          <Link to="/market">Clear filters</Link>
        </Button>
      </div>
    </Form>
  );
}
