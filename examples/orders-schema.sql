-- The orders table of examples/orders.yaml. Runs before every race of that file, so each race
-- starts from the same data.
DROP TABLE IF EXISTS orders;
CREATE TABLE orders (
  id          integer PRIMARY KEY,
  customer_id integer NOT NULL,
  total       numeric(10, 2) NOT NULL,
  paid        boolean NOT NULL DEFAULT false
);
