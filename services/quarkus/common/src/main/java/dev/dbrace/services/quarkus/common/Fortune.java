package dev.dbrace.services.quarkus.common;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** The dataset's {@code fortune} table. */
@Entity
@Table(name = "fortune")
public class Fortune {
  @Id
  public int id;

  public String message;
}
