// The app's link to the code lab (index.html): it opens the lab with the app's puzzle.
// The app keeps its board in its address (?puzzle=...&strategy=..., main.py); the link
// carries that query when it is followed, so the lab's Run starts on the same puzzle.
const link = document.getElementById("open-lab");
const follow = () => (link.href = `./lab.html${location.search}`);
link.addEventListener("pointerdown", follow);
link.addEventListener("keydown", follow);
link.addEventListener("click", follow);
