package dev.dbrace.services.quarkus.common;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** The dataset's {@code world} table; no second-level cache (Quarkus leaves it off unless an entity asks). */
@Entity
@Table(name = "world")
public class World {
  @Id
  public int id;

  @Column(name = "randomnumber")
  public int randomNumber;
}
