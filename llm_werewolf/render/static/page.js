(function () {
  "use strict";
  var body = document.body;
  document.querySelectorAll("nav.filters input[data-category]").forEach(function (box) {
    var apply = function () { body.classList.toggle("hide-" + box.dataset.category, !box.checked); };
    box.addEventListener("change", apply);
    apply();
  });
  var select = document.getElementById("perspective");
  if (!select) { return; }
  var applyView = function () {
    var value = select.value;
    document.querySelectorAll("[data-scope]").forEach(function (el) {
      var scope = el.dataset.scope;
      var seats = (el.dataset.seats || "").split(" ").filter(Boolean);
      var visible = value === "all" || scope === "public" ||
        (value !== "public" && scope !== "god" && seats.indexOf(value) >= 0);
      el.classList.toggle("hidden", !visible);
    });
  };
  select.addEventListener("change", applyView);
  applyView();
})();
