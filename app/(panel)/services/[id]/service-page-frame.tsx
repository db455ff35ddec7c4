import { PageHeader } from "@/components/layout/app-shell";
import { TabsNav } from "@/components/ui/tabs-nav";
import { Toaster } from "@/components/ui/toast";
import { serviceTabHref, type ServiceTab, type ServiceTabSlug } from "@/lib/services/service-tabs";

/**
 * A service's page: its name, the tab strip (lib/services/service-tabs.ts decides which tabs) and the
 * selected tab's content, the only one rendered. One toaster for every card of the page.
 */
export function ServicePageFrame({
  serviceId,
  title,
  description,
  back,
  tabs,
  current,
  children,
}: {
  serviceId: string;
  title: string;
  description?: React.ReactNode;
  back: React.ReactNode;
  tabs: readonly ServiceTab[];
  current: ServiceTabSlug;
  children: React.ReactNode;
}) {
  return (
    <>
      <Toaster />
      <PageHeader title={title} description={description} actions={back} />
      <TabsNav
        label="Service sections"
        className="mb-6"
        items={tabs.map((t) => ({ href: serviceTabHref(serviceId, t.slug), label: t.label, current: t.slug === current, danger: t.danger }))}
      />
      <div id="service-tab" data-tab={current} className="space-y-6">
        {children}
      </div>
    </>
  );
}
