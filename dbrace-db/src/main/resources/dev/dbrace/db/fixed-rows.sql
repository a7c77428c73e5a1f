-- Rows that are data, not generated: TechEmpower's 12 fortunes exactly as in its
-- toolset/databases/postgres/create-postgres.sql, and Pagila's languages and categories.

INSERT INTO fortune (id, message) VALUES
(1, 'fortune: No such file or directory'),
(2, 'A computer scientist is someone who fixes things that aren''t broken.'),
(3, 'After enough decimal places, nobody gives a damn.'),
(4, 'A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1'),
(5, 'A computer program does what you tell it to do, not what you want it to do.'),
(6, 'Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen'),
(7, 'Any program that runs right is obsolete.'),
(8, 'A list is only as strong as its weakest link. — Donald Knuth'),
(9, 'Feature: A bug with seniority.'),
(10, 'Computers make very fast, very accurate mistakes.'),
(11, '<script>alert("This should not be displayed in a browser alert box.");</script>'),
(12, 'フレームワークのベンチマーク');

INSERT INTO language (language_id, name, last_update) VALUES
(1, 'English', '2006-02-15 10:02:19'),
(2, 'Italian', '2006-02-15 10:02:19'),
(3, 'Japanese', '2006-02-15 10:02:19'),
(4, 'Mandarin', '2006-02-15 10:02:19'),
(5, 'French', '2006-02-15 10:02:19'),
(6, 'German', '2006-02-15 10:02:19');

INSERT INTO category (category_id, name, last_update) VALUES
(1, 'Action', '2006-02-15 09:46:27'),
(2, 'Animation', '2006-02-15 09:46:27'),
(3, 'Children', '2006-02-15 09:46:27'),
(4, 'Classics', '2006-02-15 09:46:27'),
(5, 'Comedy', '2006-02-15 09:46:27'),
(6, 'Documentary', '2006-02-15 09:46:27'),
(7, 'Drama', '2006-02-15 09:46:27'),
(8, 'Family', '2006-02-15 09:46:27'),
(9, 'Foreign', '2006-02-15 09:46:27'),
(10, 'Games', '2006-02-15 09:46:27'),
(11, 'Horror', '2006-02-15 09:46:27'),
(12, 'Music', '2006-02-15 09:46:27'),
(13, 'New', '2006-02-15 09:46:27'),
(14, 'Sci-Fi', '2006-02-15 09:46:27'),
(15, 'Sports', '2006-02-15 09:46:27'),
(16, 'Travel', '2006-02-15 09:46:27');
