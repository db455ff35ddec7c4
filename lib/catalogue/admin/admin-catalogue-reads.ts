import type { OperatorContext } from "@/lib/admin/operator-context";

// What the console's catalogue pages read: everything, enabled or not (the customer catalogue
// shows only what is on sale; an operator has to see the rest to put it on sale).

export async function listProductsByCategory({ db }: OperatorContext) {
  const [categories, products] = await Promise.all([
    db.productCategory.findMany({ orderBy: [{ sortOrder: "asc" }, { name: "asc" }] }),
    db.product.findMany({
      orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
      include: { prices: true, _count: { select: { locations: true, options: true, osImages: true, services: true } } },
    }),
  ]);
  const groups = categories.map((c) => ({ category: c as typeof c | null, products: products.filter((p) => p.categoryId === c.id) }));
  const loose = products.filter((p) => !p.categoryId);
  if (loose.length) groups.push({ category: null, products: loose });
  return groups;
}

export async function getProductForEdit({ db }: OperatorContext, { productId }: { productId: string }) {
  return db.product.findUnique({
    where: { id: productId },
    include: {
      prices: true,
      category: true,
      options: { include: { option: { include: { prices: true } } }, orderBy: { option: { name: "asc" } } },
      locations: { include: { location: true }, orderBy: { location: { sortOrder: "asc" } } },
      osImages: { include: { osImage: true }, orderBy: { osImage: { name: "asc" } } },
    },
  });
}

export const listCategories = ({ db }: OperatorContext) => db.productCategory.findMany({ orderBy: [{ sortOrder: "asc" }, { name: "asc" }] });

export const listOptions = ({ db }: OperatorContext) =>
  db.productOption.findMany({ orderBy: { name: "asc" }, include: { prices: true, _count: { select: { products: true } } } });

export const getOption = ({ db }: OperatorContext, { optionId }: { optionId: string }) =>
  db.productOption.findUnique({ where: { id: optionId }, include: { prices: true, products: { include: { product: true } } } });

export const listLocations = ({ db }: OperatorContext) =>
  db.location.findMany({ orderBy: [{ sortOrder: "asc" }, { value: "asc" }], include: { _count: { select: { products: true, nodes: true, services: true } } } });

export const getLocation = ({ db }: OperatorContext, { locationId }: { locationId: string }) => db.location.findUnique({ where: { id: locationId } });

export const listOsImages = ({ db }: OperatorContext) =>
  db.osImage.findMany({ orderBy: [{ family: "asc" }, { name: "asc" }], include: { _count: { select: { products: true } } } });

export const getOsImage = ({ db }: OperatorContext, { osImageId }: { osImageId: string }) => db.osImage.findUnique({ where: { id: osImageId } });
