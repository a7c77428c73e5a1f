package dev.dbrace.stacks.hibernate.reactive;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** TechEmpower's {@code fortune} row, mapped for the fortunes workload to come. */
@Entity
@Table(name = "fortune")
public class Fortune {
  @Id
  private Integer id;

  private String message;

  protected Fortune() {}

  public Integer getId() {
    return id;
  }

  public String getMessage() {
    return message;
  }
}
