-- The orders table of examples/orders.yaml on MariaDB/MySQL (--engine mariadb): the same columns
-- and rows as orders-schema.sql, in MariaDB's dialect. Runs before every race of that file.
DROP TABLE IF EXISTS orders;
CREATE TABLE orders (
  id          int PRIMARY KEY,
  customer_id int NOT NULL,
  total       decimal(10, 2) NOT NULL,
  paid        boolean NOT NULL DEFAULT false,
  KEY orders_customer (customer_id, id)
) ENGINE=InnoDB;
