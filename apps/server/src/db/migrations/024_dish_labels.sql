-- 024 (issue 31): labels a manager sets on a dish and a guest filters the menu by — diets, heat
-- and the allergen groups of TR CU 022/2011 and EU 1169/2011 (packages/domain dish-labels.ts,
-- the one list; this check repeats it for the database, held to it by test/db-types.test.ts).
alter table dishes add column labels text[] not null default '{}'
  check (labels <@ array['vegetarian', 'vegan', 'spicy', 'gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soy', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs']::text[]);
