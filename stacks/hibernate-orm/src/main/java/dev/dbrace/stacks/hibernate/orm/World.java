package dev.dbrace.stacks.hibernate.orm;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** TechEmpower's {@code world} row. Mapped onto the lab table as it is; Hibernate never alters it. */
@Entity
@Table(name = "world")
public class World {
  @Id
  private Integer id;

  @Column(name = "randomnumber", nullable = false)
  private Integer randomNumber;

  protected World() {}

  public Integer getId() {
    return id;
  }

  public Integer getRandomNumber() {
    return randomNumber;
  }
}
