import { A11y, Navigation } from 'swiper/modules'
import { SwiperSlides } from './swiper-slides'
import 'swiper/css'
import { Icon } from '~/components/shared/icon'

const arrow =
  'flex h-10 w-10 items-center justify-center rounded-full border border-gray-300 bg-white text-gray-700 shadow-sm ' +
  'hover:bg-emerald-50 hover:text-emerald-800'

/**
 * A wrapping carousel: 4 items per view from 768px, 1.2 below (the next card peeks in).
 * `id` names the previous/next buttons, so several carousels can share a page.
 */
export function Carousel<T extends { id: number }>({
  id,
  label,
  items,
  render,
}: {
  id: string
  label: string
  items: T[]
  render: (item: T, index: number) => React.ReactNode
}) {
  return (
    <div className="relative">
      <div className="mb-3 flex justify-end gap-2">
        <button type="button" id={`${id}-prev`} className={arrow} aria-label={`${label} sebelumnya`}>
          <Icon name="previous" className="h-5 w-5" />
        </button>
        <button type="button" id={`${id}-next`} className={arrow} aria-label={`${label} berikutnya`}>
          <Icon name="next" className="h-5 w-5" />
        </button>
      </div>
      <SwiperSlides
        className="home-carousel"
        modules={[A11y, Navigation]}
        // Loop mode needs more slides than fit in a view; with fewer, rewinding still wraps both ways.
        loop={items.length > 5}
        rewind={items.length <= 5}
        slidesPerView={1.2}
        spaceBetween={16}
        breakpoints={{ 768: { slidesPerView: 4, spaceBetween: 24 } }}
        navigation={{ prevEl: `#${id}-prev`, nextEl: `#${id}-next` }}
        a11y={{
          prevSlideMessage: `${label} sebelumnya`,
          nextSlideMessage: `${label} berikutnya`,
          slideLabelMessage: '{{index}} dari {{slidesLength}}',
          itemRoleDescriptionMessage: 'slide',
        }}
        slides={items.map((item, index) => ({ key: item.id, className: '!h-auto pb-1', content: render(item, index) }))}
      />
    </div>
  )
}
