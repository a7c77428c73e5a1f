-- 100,000 orders over 100,000 customers, deterministic (no random()): every race sees the same rows.
INSERT INTO orders (id, customer_id, total)
SELECT i, 1 + (i * 7919) % 100000, ((i * 37) % 50000) / 100.0
FROM generate_series(1, 100000) AS i;
CREATE INDEX orders_customer ON orders (customer_id, id);
ANALYZE orders;
