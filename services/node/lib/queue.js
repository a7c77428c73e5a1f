'use strict';
/** Runs async tasks one at a time, in arrival order: a shared connection's request queue. */
class Queue {
  constructor() {
    this.tail = Promise.resolve();
  }

  run(task) {
    const result = this.tail.then(task);
    this.tail = result.then(() => {}, () => {});
    return result;
  }
}
module.exports = Queue;
