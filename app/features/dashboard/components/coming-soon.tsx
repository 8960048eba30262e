import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** Spec §2: Wallet, Reviews and Messages (musician) are coming-soon pages. */
export function ComingSoon({ title, icon: Icon, text }: { title: string; icon: LucideIcon; text: string }) {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <Icon aria-hidden className="size-10 text-primary" />
        <h2 className="text-xl font-semibold">{title}</h2>
        <CardTitle className="text-base font-medium text-muted-foreground">Coming Soon</CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      <CardContent />
    </Card>
  );
}
