// Products, product families and product images (/v1/products, /v1/productfamilies,
// /v1/productimages). Sales read stored products through PRODUCT.
import { modulePlugin } from '../../http/module.js';
import { productImageRoutes } from './images-routes.js';
import { productRoutes } from './routes.js';

export const productsPlugin = modulePlugin('products', (app, ctx) => {
  productRoutes(app, ctx);
  productImageRoutes(app, ctx);
});
export { PRODUCT, PRODUCT_FAMILY, type StoredProduct } from './service.js';
