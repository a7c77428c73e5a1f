-- dbrace parse-cost: a big OLTP statement over dbrace's lab tables (film, language, category, actor,
-- film_actor, film_category, world, fortune), about 10 KiB, in the spirit of E3's: five blocks of ten joined
-- tables with IN lists of constants, one row per film, actor and category that match. Its parameters are
-- bound from the line below (each block's film id range); ./dbrace experiment parse-cost --opt sql=FILE
-- takes your own statement (with ? placeholders and a dbrace-args line, or --opt args=...).
-- dbrace-args: 0, 199, 200, 399, 400, 599, 600, 799, 800, 999
SELECT 'order line 1' AS source, f.film_id, f.title, f.release_year, f.rental_rate, f.length, f.rating,
       l.name AS language, ol.name AS original_language, c.name AS category,
       a.actor_id, a.first_name, a.last_name, w.randomnumber, fo.message,
       f.replacement_cost - f.rental_rate AS margin,
       CASE WHEN f.length > 150 THEN 'long' WHEN f.length > 90 THEN 'medium' ELSE 'short' END AS length_class,
       (SELECT count(*) FROM film_actor fa2 WHERE fa2.film_id = f.film_id) AS cast_size
  FROM film f
  JOIN language l ON l.language_id = f.language_id
  LEFT JOIN language ol ON ol.language_id = f.original_language_id
  JOIN film_category fc ON fc.film_id = f.film_id
  JOIN category c ON c.category_id = fc.category_id
  JOIN film_actor fa ON fa.film_id = f.film_id
  JOIN actor a ON a.actor_id = fa.actor_id
  JOIN world w ON w.id = f.film_id + 1
  JOIN world w2 ON w2.id = a.actor_id + 1000
  LEFT JOIN fortune fo ON fo.id = 1 + f.film_id % 12
 WHERE f.film_id BETWEEN ? AND ?
   AND f.film_id IN (38, 47, 49, 50, 59, 60, 63, 71, 74, 88, 92, 96, 126, 154, 219, 226, 228, 246, 331, 374, 404, 406, 428, 434, 444, 519, 548, 564, 579, 590, 596, 599, 642, 645, 666, 840, 846, 931, 970, 999)
   AND a.actor_id IN (11, 16, 17, 19, 20, 21, 25, 27, 31, 35, 37, 39, 43, 47, 49, 53, 63, 64, 74, 75, 77, 79, 81, 88, 90, 93, 96, 108, 110, 115, 117, 120, 126, 127, 128, 132, 135, 137, 139, 141, 143, 144, 145, 147, 148, 149, 150, 152, 158, 159, 164, 167, 170, 172, 175, 189, 193, 194, 197, 200)
   AND c.name IN ('Travel', 'Games', 'New', 'Family', 'Animation', 'Music', 'Comedy', 'Sci-Fi', 'Horror', 'Action')
   AND f.rating IN ('G', 'PG', 'PG-13', 'R', 'NC-17')
   AND l.name IN ('English', 'Italian', 'Japanese', 'Mandarin', 'French', 'German')
   AND w.randomnumber BETWEEN 1 AND 10000 AND w2.randomnumber > 0
   AND NOT EXISTS (SELECT 1 FROM film_actor x WHERE x.film_id = f.film_id AND x.actor_id IN (6, 16, 30, 44, 73, 80, 89, 91, 99, 115, 119, 127, 148, 157, 166, 172, 175, 180, 184, 188) AND x.actor_id < 0)
UNION ALL
SELECT 'order line 2' AS source, f.film_id, f.title, f.release_year, f.rental_rate, f.length, f.rating,
       l.name AS language, ol.name AS original_language, c.name AS category,
       a.actor_id, a.first_name, a.last_name, w.randomnumber, fo.message,
       f.replacement_cost - f.rental_rate AS margin,
       CASE WHEN f.length > 150 THEN 'long' WHEN f.length > 90 THEN 'medium' ELSE 'short' END AS length_class,
       (SELECT count(*) FROM film_actor fa2 WHERE fa2.film_id = f.film_id) AS cast_size
  FROM film f
  JOIN language l ON l.language_id = f.language_id
  LEFT JOIN language ol ON ol.language_id = f.original_language_id
  JOIN film_category fc ON fc.film_id = f.film_id
  JOIN category c ON c.category_id = fc.category_id
  JOIN film_actor fa ON fa.film_id = f.film_id
  JOIN actor a ON a.actor_id = fa.actor_id
  JOIN world w ON w.id = f.film_id + 1
  JOIN world w2 ON w2.id = a.actor_id + 1000
  LEFT JOIN fortune fo ON fo.id = 1 + f.film_id % 12
 WHERE f.film_id BETWEEN ? AND ?
   AND f.film_id IN (12, 82, 84, 132, 140, 154, 170, 180, 223, 236, 237, 238, 253, 284, 285, 294, 367, 389, 400, 407, 411, 425, 440, 459, 496, 508, 562, 563, 674, 699, 723, 756, 786, 838, 884, 892, 904, 905, 938, 980)
   AND a.actor_id IN (1, 2, 7, 14, 16, 18, 19, 26, 27, 29, 30, 32, 33, 38, 39, 42, 47, 49, 54, 65, 68, 73, 82, 88, 89, 94, 95, 97, 101, 102, 103, 108, 113, 117, 120, 122, 124, 125, 132, 137, 138, 144, 145, 146, 151, 154, 157, 159, 162, 163, 167, 168, 174, 175, 176, 177, 178, 182, 183, 191)
   AND c.name IN ('Travel', 'Family', 'Comedy', 'Animation', 'Children', 'New', 'Documentary', 'Sci-Fi', 'Sports', 'Drama')
   AND f.rating IN ('G', 'PG', 'PG-13', 'R', 'NC-17')
   AND l.name IN ('English', 'Italian', 'Japanese', 'Mandarin', 'French', 'German')
   AND w.randomnumber BETWEEN 1 AND 10000 AND w2.randomnumber > 0
   AND NOT EXISTS (SELECT 1 FROM film_actor x WHERE x.film_id = f.film_id AND x.actor_id IN (6, 7, 24, 38, 42, 43, 53, 67, 77, 92, 93, 94, 133, 136, 140, 165, 177, 178, 179, 195) AND x.actor_id < 0)
UNION ALL
SELECT 'order line 3' AS source, f.film_id, f.title, f.release_year, f.rental_rate, f.length, f.rating,
       l.name AS language, ol.name AS original_language, c.name AS category,
       a.actor_id, a.first_name, a.last_name, w.randomnumber, fo.message,
       f.replacement_cost - f.rental_rate AS margin,
       CASE WHEN f.length > 150 THEN 'long' WHEN f.length > 90 THEN 'medium' ELSE 'short' END AS length_class,
       (SELECT count(*) FROM film_actor fa2 WHERE fa2.film_id = f.film_id) AS cast_size
  FROM film f
  JOIN language l ON l.language_id = f.language_id
  LEFT JOIN language ol ON ol.language_id = f.original_language_id
  JOIN film_category fc ON fc.film_id = f.film_id
  JOIN category c ON c.category_id = fc.category_id
  JOIN film_actor fa ON fa.film_id = f.film_id
  JOIN actor a ON a.actor_id = fa.actor_id
  JOIN world w ON w.id = f.film_id + 1
  JOIN world w2 ON w2.id = a.actor_id + 1000
  LEFT JOIN fortune fo ON fo.id = 1 + f.film_id % 12
 WHERE f.film_id BETWEEN ? AND ?
   AND f.film_id IN (28, 29, 198, 199, 204, 228, 232, 245, 265, 286, 337, 352, 364, 410, 457, 483, 504, 514, 530, 545, 554, 619, 627, 651, 709, 748, 757, 776, 790, 797, 807, 809, 822, 825, 827, 830, 837, 873, 959, 979)
   AND a.actor_id IN (1, 4, 6, 8, 21, 22, 23, 27, 31, 33, 34, 36, 38, 39, 40, 41, 44, 46, 50, 51, 52, 53, 55, 57, 59, 65, 86, 87, 89, 90, 94, 100, 102, 103, 112, 119, 120, 121, 122, 123, 124, 135, 141, 152, 153, 157, 158, 160, 163, 165, 168, 170, 173, 174, 181, 185, 186, 187, 195, 199)
   AND c.name IN ('Drama', 'Comedy', 'Foreign', 'Classics', 'Games', 'Documentary', 'Sports', 'Sci-Fi', 'Travel', 'Family')
   AND f.rating IN ('G', 'PG', 'PG-13', 'R', 'NC-17')
   AND l.name IN ('English', 'Italian', 'Japanese', 'Mandarin', 'French', 'German')
   AND w.randomnumber BETWEEN 1 AND 10000 AND w2.randomnumber > 0
   AND NOT EXISTS (SELECT 1 FROM film_actor x WHERE x.film_id = f.film_id AND x.actor_id IN (2, 5, 16, 34, 39, 47, 91, 108, 113, 118, 129, 131, 133, 135, 137, 150, 156, 170, 190, 199) AND x.actor_id < 0)
UNION ALL
SELECT 'order line 4' AS source, f.film_id, f.title, f.release_year, f.rental_rate, f.length, f.rating,
       l.name AS language, ol.name AS original_language, c.name AS category,
       a.actor_id, a.first_name, a.last_name, w.randomnumber, fo.message,
       f.replacement_cost - f.rental_rate AS margin,
       CASE WHEN f.length > 150 THEN 'long' WHEN f.length > 90 THEN 'medium' ELSE 'short' END AS length_class,
       (SELECT count(*) FROM film_actor fa2 WHERE fa2.film_id = f.film_id) AS cast_size
  FROM film f
  JOIN language l ON l.language_id = f.language_id
  LEFT JOIN language ol ON ol.language_id = f.original_language_id
  JOIN film_category fc ON fc.film_id = f.film_id
  JOIN category c ON c.category_id = fc.category_id
  JOIN film_actor fa ON fa.film_id = f.film_id
  JOIN actor a ON a.actor_id = fa.actor_id
  JOIN world w ON w.id = f.film_id + 1
  JOIN world w2 ON w2.id = a.actor_id + 1000
  LEFT JOIN fortune fo ON fo.id = 1 + f.film_id % 12
 WHERE f.film_id BETWEEN ? AND ?
   AND f.film_id IN (28, 43, 58, 63, 64, 100, 108, 123, 144, 153, 176, 195, 254, 283, 333, 453, 463, 484, 494, 519, 530, 543, 568, 569, 573, 575, 627, 633, 698, 742, 778, 790, 794, 795, 803, 818, 904, 915, 934, 996)
   AND a.actor_id IN (5, 19, 24, 25, 32, 36, 37, 40, 42, 51, 52, 55, 57, 58, 62, 64, 65, 67, 71, 78, 81, 82, 87, 92, 94, 101, 102, 104, 107, 108, 110, 111, 114, 115, 116, 118, 120, 123, 125, 130, 131, 132, 134, 137, 142, 144, 151, 156, 157, 165, 166, 172, 176, 178, 179, 180, 182, 197, 198, 200)
   AND c.name IN ('Sports', 'Music', 'Action', 'Drama', 'Documentary', 'Foreign', 'Games', 'Comedy', 'Animation', 'Sci-Fi')
   AND f.rating IN ('G', 'PG', 'PG-13', 'R', 'NC-17')
   AND l.name IN ('English', 'Italian', 'Japanese', 'Mandarin', 'French', 'German')
   AND w.randomnumber BETWEEN 1 AND 10000 AND w2.randomnumber > 0
   AND NOT EXISTS (SELECT 1 FROM film_actor x WHERE x.film_id = f.film_id AND x.actor_id IN (11, 22, 27, 34, 39, 47, 59, 67, 68, 70, 104, 109, 127, 132, 138, 147, 174, 180, 194, 200) AND x.actor_id < 0)
UNION ALL
SELECT 'order line 5' AS source, f.film_id, f.title, f.release_year, f.rental_rate, f.length, f.rating,
       l.name AS language, ol.name AS original_language, c.name AS category,
       a.actor_id, a.first_name, a.last_name, w.randomnumber, fo.message,
       f.replacement_cost - f.rental_rate AS margin,
       CASE WHEN f.length > 150 THEN 'long' WHEN f.length > 90 THEN 'medium' ELSE 'short' END AS length_class,
       (SELECT count(*) FROM film_actor fa2 WHERE fa2.film_id = f.film_id) AS cast_size
  FROM film f
  JOIN language l ON l.language_id = f.language_id
  LEFT JOIN language ol ON ol.language_id = f.original_language_id
  JOIN film_category fc ON fc.film_id = f.film_id
  JOIN category c ON c.category_id = fc.category_id
  JOIN film_actor fa ON fa.film_id = f.film_id
  JOIN actor a ON a.actor_id = fa.actor_id
  JOIN world w ON w.id = f.film_id + 1
  JOIN world w2 ON w2.id = a.actor_id + 1000
  LEFT JOIN fortune fo ON fo.id = 1 + f.film_id % 12
 WHERE f.film_id BETWEEN ? AND ?
   AND f.film_id IN (11, 17, 44, 58, 68, 74, 85, 90, 91, 112, 124, 132, 187, 227, 244, 266, 270, 274, 275, 285, 334, 347, 427, 435, 464, 539, 566, 622, 636, 649, 704, 726, 818, 820, 876, 883, 916, 937, 948, 960)
   AND a.actor_id IN (4, 5, 10, 12, 13, 14, 15, 19, 22, 28, 34, 36, 42, 46, 47, 49, 51, 52, 53, 56, 59, 63, 65, 66, 68, 70, 73, 75, 76, 79, 80, 88, 89, 98, 101, 104, 111, 115, 122, 127, 129, 130, 132, 136, 140, 142, 161, 164, 167, 168, 169, 173, 178, 180, 183, 184, 187, 189, 193, 200)
   AND c.name IN ('Sports', 'Children', 'Travel', 'Comedy', 'Family', 'Action', 'New', 'Documentary', 'Foreign', 'Games')
   AND f.rating IN ('G', 'PG', 'PG-13', 'R', 'NC-17')
   AND l.name IN ('English', 'Italian', 'Japanese', 'Mandarin', 'French', 'German')
   AND w.randomnumber BETWEEN 1 AND 10000 AND w2.randomnumber > 0
   AND NOT EXISTS (SELECT 1 FROM film_actor x WHERE x.film_id = f.film_id AND x.actor_id IN (1, 2, 9, 22, 47, 52, 56, 63, 64, 72, 80, 83, 86, 92, 98, 122, 129, 130, 168, 199) AND x.actor_id < 0)
ORDER BY source, film_id, actor_id, category
LIMIT 200
