-- dbrace lab schema, created by Datasets.ensure in the connection's current schema.
-- TechEmpower's world and fortune, plus the part of Pagila (the PostgreSQL port of MySQL's
-- Sakila) that its film queries need. Types, keys and index names follow pagila-schema.sql;
-- differences: film.rating is text with a check instead of the mpaa_rating enum (no custom type
-- for clients to map), release_year is a plain integer, and film has no fulltext column.

CREATE TABLE world (
    id integer NOT NULL PRIMARY KEY,
    randomnumber integer NOT NULL
);

CREATE TABLE fortune (
    id integer NOT NULL PRIMARY KEY,
    message varchar(2048) NOT NULL
);

CREATE TABLE language (
    language_id integer NOT NULL PRIMARY KEY,
    name character(20) NOT NULL,
    last_update timestamp without time zone DEFAULT now() NOT NULL
);

CREATE TABLE category (
    category_id integer NOT NULL PRIMARY KEY,
    name character varying(25) NOT NULL,
    last_update timestamp without time zone DEFAULT now() NOT NULL
);

CREATE TABLE actor (
    actor_id integer NOT NULL PRIMARY KEY,
    first_name character varying(45) NOT NULL,
    last_name character varying(45) NOT NULL,
    last_update timestamp without time zone DEFAULT now() NOT NULL
);
CREATE INDEX idx_actor_last_name ON actor (last_name);

CREATE TABLE film (
    film_id integer NOT NULL PRIMARY KEY,
    title character varying(255) NOT NULL,
    description text,
    release_year integer CHECK (release_year BETWEEN 1901 AND 2155),
    language_id smallint NOT NULL
        REFERENCES language (language_id) ON UPDATE CASCADE ON DELETE RESTRICT,
    original_language_id smallint
        REFERENCES language (language_id) ON UPDATE CASCADE ON DELETE RESTRICT,
    rental_duration smallint DEFAULT 3 NOT NULL,
    rental_rate numeric(4,2) DEFAULT 4.99 NOT NULL,
    length smallint,
    replacement_cost numeric(5,2) DEFAULT 19.99 NOT NULL,
    rating text DEFAULT 'G' CHECK (rating IN ('G', 'PG', 'PG-13', 'R', 'NC-17')),
    last_update timestamp without time zone DEFAULT now() NOT NULL,
    special_features text[]
);
CREATE INDEX idx_fk_language_id ON film (language_id);
CREATE INDEX idx_fk_original_language_id ON film (original_language_id);
CREATE INDEX idx_title ON film (title);

CREATE TABLE film_actor (
    actor_id smallint NOT NULL
        REFERENCES actor (actor_id) ON UPDATE CASCADE ON DELETE RESTRICT,
    film_id smallint NOT NULL
        REFERENCES film (film_id) ON UPDATE CASCADE ON DELETE RESTRICT,
    last_update timestamp without time zone DEFAULT now() NOT NULL,
    PRIMARY KEY (actor_id, film_id)
);
CREATE INDEX idx_fk_film_id ON film_actor (film_id);

CREATE TABLE film_category (
    film_id smallint NOT NULL
        REFERENCES film (film_id) ON UPDATE CASCADE ON DELETE RESTRICT,
    category_id smallint NOT NULL
        REFERENCES category (category_id) ON UPDATE CASCADE ON DELETE RESTRICT,
    last_update timestamp without time zone DEFAULT now() NOT NULL,
    PRIMARY KEY (film_id, category_id)
);

-- Pagila's view with string_agg instead of its custom group_concat aggregate, and initcap with a
-- space between the names as in Sakila (Pagila's version runs first and last name together).
CREATE VIEW nicer_but_slower_film_list AS
SELECT film.film_id AS fid,
       film.title,
       film.description,
       category.name AS category,
       film.rental_rate AS price,
       film.length,
       film.rating,
       string_agg(initcap(actor.first_name) || ' ' || initcap(actor.last_name), ', ') AS actors
  FROM category
  LEFT JOIN film_category ON category.category_id = film_category.category_id
  LEFT JOIN film ON film_category.film_id = film.film_id
  JOIN film_actor ON film.film_id = film_actor.film_id
  JOIN actor ON film_actor.actor_id = actor.actor_id
 GROUP BY film.film_id, film.title, film.description, category.name, film.rental_rate,
          film.length, film.rating;

-- The marker Datasets.ensure looks for: it only ever drops relations that carry it.
COMMENT ON TABLE world IS 'dbrace dataset v1';
COMMENT ON TABLE fortune IS 'dbrace dataset v1';
COMMENT ON TABLE language IS 'dbrace dataset v1';
COMMENT ON TABLE category IS 'dbrace dataset v1';
COMMENT ON TABLE actor IS 'dbrace dataset v1';
COMMENT ON TABLE film IS 'dbrace dataset v1';
COMMENT ON TABLE film_actor IS 'dbrace dataset v1';
COMMENT ON TABLE film_category IS 'dbrace dataset v1';
COMMENT ON VIEW nicer_but_slower_film_list IS 'dbrace dataset v1';
