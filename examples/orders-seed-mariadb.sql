-- 100,000 orders over 100,000 customers, the same deterministic rows as orders-seed.sql
-- (seq_1_to_100000 is MariaDB's SEQUENCE engine, its generate_series).
INSERT INTO orders (id, customer_id, total)
SELECT seq, 1 + (seq * 7919) % 100000, ((seq * 37) % 50000) / 100.0
FROM seq_1_to_100000;
ANALYZE TABLE orders;
