import { useEffect, useState } from "react";
import { mileageRatesSchema } from "../../../../shared/schemas/expenses.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useMileageRates, useSaveMileageRates } from "../api/expenses.ts";

type Row = { year: string; cents: string };

/** The rate per year: the IRS business rates to start with; the speaker changes a year or adds one. */
export function MileageRatesCard() {
  const rates = useMileageRates();
  const save = useSaveMileageRates();
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (rates.data)
      setRows(rates.data.map((rate) => ({ year: String(rate.year), cents: String(rate.centsPerMile) })));
  }, [rates.data]);

  const update = (index: number, changes: Partial<Row>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...changes } : row)));
  const addYear = () => {
    const last = rows.at(-1);
    setRows([
      ...rows,
      { year: String(Number(last?.year ?? new Date().getFullYear() - 1) + 1), cents: last?.cents ?? "" },
    ]);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = mileageRatesSchema.safeParse(
      rows.map((row) => ({
        year: Number(row.year),
        centsPerMile: row.cents.trim() === "" ? Number.NaN : Number(row.cents),
      })),
    );
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: "Mileage rates saved" }),
      onError: (failure) => setError(describeError(failure, "Please try again.")),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Rate per mile</CardTitle>
        <CardDescription>
          The IRS business rates are filled in. A year without a rate uses the latest year before it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <table className="w-full max-w-sm text-sm">
            <caption className="sr-only">Mileage rates by year</caption>
            <thead className="text-left text-muted-foreground">
              <tr>
                <th className="pb-1 font-medium">Year</th>
                <th className="pb-1 font-medium">Cents per mile</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, the year itself may change
                <tr key={index}>
                  <td className="py-1 pr-2">
                    <Input
                      aria-label={`Year ${index + 1}`}
                      inputMode="numeric"
                      value={row.year}
                      onChange={(e) => update(index, { year: e.target.value })}
                    />
                  </td>
                  <td className="py-1">
                    <Input
                      aria-label={`Cents per mile in ${row.year}`}
                      inputMode="decimal"
                      value={row.cents}
                      onChange={(e) => update(index, { cents: e.target.value })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="button" variant="outline" onClick={addYear}>
              Add a year
            </Button>
            <Button type="submit" isLoading={save.isPending}>
              Save rates
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
